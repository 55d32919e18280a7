import { resetSecondFactor } from '../../commands/second-factor.ts';
import { type CliCommand, cliActor, positional, withContext } from '../io.ts';

export const leaderReset2fa: CliCommand = {
  path: ['leader', 'reset-2fa'],
  summary: 'Quita el segundo factor de una cuenta (su clave TOTP y sus códigos de recuperación), que perdió ambos.',
  usage:
    'ayuda leader reset-2fa CORREO [--json]\n' +
    '  Compruebe antes quién lo pide por un canal de confianza. Queda en el registro de auditoría; si REQUIRE_2FA\n' +
    '  lo exige, la cuenta configura uno nuevo al ingresar.',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const email = positional(args, 0, 'el correo de la cuenta');
    const { account, had } = await withContext(io, (ctx) => resetSecondFactor(ctx, email, cliActor(io.env)));
    if (args.values.json) {
      io.out(JSON.stringify({ id: account.id, email: account.email, removed: had }));
    } else {
      io.out(
        had
          ? `Segundo factor quitado de ${account.email}: sus códigos de recuperación ya no sirven.`
          : `${account.email} no tenía segundo factor; no cambió nada.`,
      );
    }
    return 0;
  },
};
