import { createPasswordReset, RESET_HOURS } from '../../commands/password-resets.ts';
import { passwordResetPath } from '../../views/console/password-reset-page.ts';
import { type CliCommand, cliActor, positional, withContext } from '../io.ts';

export const leaderResetPassword: CliCommand = {
  path: ['leader', 'reset-password'],
  summary: 'Crea un enlace de un solo uso (24 h) para que la cuenta elija una nueva contraseña.',
  usage:
    'ayuda leader reset-password CORREO [--json]\n' +
    '  Imprime el enlace una sola vez: entréguelo por un canal de confianza. Al usarlo se cierran las sesiones de la cuenta.',
  options: { json: { type: 'boolean' } },
  async run(args, io) {
    const email = positional(args, 0, 'el correo de la cuenta');
    const { issued, url } = await withContext(io, async (ctx) => {
      const issued = await createPasswordReset(ctx, { email }, cliActor(io.env));
      return { issued, url: `${ctx.config.baseUrl}${passwordResetPath(issued.token)}` };
    });
    if (args.values.json) {
      io.out(JSON.stringify({ id: issued.id, email: issued.account.email, url, expiresAt: issued.expiresAt }));
    } else {
      io.out(`Enlace para ${issued.account.email} (vale ${RESET_HOURS} h, un solo uso):`);
      io.out(url);
      io.out('Entréguelo por un canal de confianza; no se volverá a mostrar.');
    }
    return 0;
  },
};
