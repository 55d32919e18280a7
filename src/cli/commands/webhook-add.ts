// `ayuda webhook add`: subscribes an endpoint to the change feed; its signing secret is printed once.
import { addWebhook } from '../../commands/webhooks/subscriptions.ts';
import { changeKinds } from '../../schemas/change-event.ts';
import { type CliCommand, cliActor, requireString, withContext } from '../io.ts';

export const webhookAdd: CliCommand = {
  path: ['webhook', 'add'],
  summary: 'Suscribe una URL a los cambios públicos (webhooks firmados) y muestra su secreto una sola vez.',
  usage:
    'ayuda webhook add --url URL [--emergency S] [--kinds k1,k2] [--description D] [--json]\n' +
    `  --kinds: algunos de ${changeKinds.join(', ')} (sin él, todos).\n` +
    '  La URL debe ser http(s) pública (nunca local ni privada, salvo WEBHOOK_ALLOW_PRIVATE=true).',
  options: {
    url: { type: 'string' },
    emergency: { type: 'string' },
    kinds: { type: 'string' },
    description: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(args, io) {
    const url = requireString(args, 'url');
    const text = (name: string) => args.values[name] as string | undefined;
    const kinds = text('kinds')
      ?.split(',')
      .map((kind) => kind.trim())
      .filter(Boolean);
    const input = { url, emergencySlug: text('emergency'), kinds, description: text('description') };
    const issued = await withContext(io, (ctx) => addWebhook(ctx, input, cliActor(io.env)));
    if (args.values.json) {
      io.out(
        JSON.stringify({
          id: issued.id,
          url: issued.url,
          emergencySlug: issued.emergencySlug,
          kinds: issued.kinds,
          description: issued.description,
          secret: issued.secret,
          createdAt: issued.createdAt,
        }),
      );
      return 0;
    }
    io.out(`Webhook registrado: ${issued.id}`);
    io.out(`URL: ${issued.url}`);
    io.out(`Emergencia: ${issued.emergencySlug ?? 'todas'} · Tipos: ${issued.kinds?.join(', ') ?? 'todos'}`);
    io.out('Secreto para verificar las firmas (se muestra solo esta vez; entréguelo por un canal privado):');
    io.out(issued.secret);
    return 0;
  },
};
