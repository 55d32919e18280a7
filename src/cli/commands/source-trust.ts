import { trustSource, untrustSource } from '../../commands/source-trust.ts';
import { type CliCommand, cliActor, type Io, type ParsedArgs, positional, withContext } from '../io.ts';

const options = { json: { type: 'boolean' } } as const;

async function run(args: ParsedArgs, io: Io, trusted: boolean): Promise<number> {
  const name = positional(args, 0, 'NOMBRE');
  const change = trusted ? trustSource : untrustSource;
  const result = await withContext(io, (ctx) => change(ctx, name, cliActor(io.env)));
  if (args.values.json) {
    io.out(JSON.stringify({ name: result.name, trusted: result.trusted, changed: result.changed }));
  } else if (!result.changed) {
    io.out(`${result.name} ya estaba ${trusted ? 'marcada como confiable' : 'sin marca de confianza'}; nada cambió.`);
  } else if (trusted) {
    io.out(`Fuente confiable: ${result.name}. Sus envíos siguen esperando revisión, en el carril «Fuente confiable».`);
  } else {
    io.out(`${result.name} ya no es fuente confiable: sus envíos nuevos vuelven a la bandeja de siempre.`);
  }
  return 0;
}

export const sourceTrust: CliCommand = {
  path: ['source', 'trust'],
  summary: 'Marca como confiable la clave de una integración: sus envíos se revisan en su propio carril.',
  usage:
    'ayuda source trust NOMBRE [--json]\n' +
    '  Nada se publica sin revisión. Cambiar la clave o quitar la integración quita la marca.',
  options,
  run: (args, io) => run(args, io, true),
};

export const sourceUntrust: CliCommand = {
  path: ['source', 'untrust'],
  summary: 'Quita la marca de confianza de una integración.',
  usage: 'ayuda source untrust NOMBRE [--json]',
  options,
  run: (args, io) => run(args, io, false),
};
