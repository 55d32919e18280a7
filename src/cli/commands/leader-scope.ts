import { setPlaceScope } from '../../commands/set-place-scope.ts';
import { municipalityByCode } from '../../domain/municipalities.ts';
import { type CliCommand, cliActor, positional, requireString, UsageError, withContext } from '../io.ts';

/** "86001 (Mocoa, Putumayo)" or "19 (departamento)": what the operator typed, said back in words. */
function placeLabel(code: string): string {
  const m = municipalityByCode(code);
  return m ? `${code} (${m.name}, ${m.departmentName})` : `${code} (departamento)`;
}

export const leaderScope: CliCommand = {
  path: ['leader', 'scope'],
  summary: 'Limita a un líder a algunos municipios o departamentos de una emergencia, o le quita el límite.',
  usage:
    'ayuda leader scope CORREO --emergency SLUG (--place CÓDIGO ... | --clear) [--json]\n' +
    '  CÓDIGO: municipio (DIVIPOLA, 5 cifras, p. ej. 86001) o departamento entero (2 cifras, p. ej. 19).\n' +
    '  El líder solo ve y decide las publicaciones de esos lugares (y las que no tienen municipio); --clear le\n' +
    '  devuelve toda la emergencia. Cada --place reemplaza la lista anterior. Queda en el registro de auditoría.',
  options: {
    emergency: { type: 'string' },
    place: { type: 'string', multiple: true },
    clear: { type: 'boolean' },
    json: { type: 'boolean' },
  },
  async run(args, io) {
    const email = positional(args, 0, 'el correo de la cuenta');
    const emergencySlug = requireString(args, 'emergency');
    const places = (args.values.place as string[] | undefined) ?? [];
    const clear = args.values.clear === true;
    if (clear === places.length > 0) throw new UsageError('indique --place CÓDIGO (una o más veces) o --clear');
    const result = await withContext(io, (ctx) =>
      setPlaceScope(ctx, { account: { email }, emergencySlug, places }, cliActor(io.env)),
    );
    if (args.values.json) {
      io.out(
        JSON.stringify({
          id: result.account.id,
          email: result.account.email,
          emergency: result.emergency.slug,
          places: result.places,
          before: result.before,
        }),
      );
    } else if (result.places.length === 0) {
      io.out(`${result.account.email} trabaja en toda la emergencia ${result.emergency.slug}.`);
    } else {
      io.out(
        `${result.account.email} queda limitado en ${result.emergency.slug} a: ${result.places.map(placeLabel).join(', ')}.`,
      );
    }
    return 0;
  },
};
