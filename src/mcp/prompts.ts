// MCP prompts, in Spanish, that people pick from an assistant's menu: summarise an emergency, help someone ask
// for help (collecting the fields and the person's own consent), and coordinate deliveries. Each argument that
// names an emergency, a category or a municipality is completed from the live data.
import { completable, type McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { Context } from '../context.ts';
import { type Category, categories, categoryLabel } from '../domain/categories.ts';
import { municipalityLabel } from '../domain/municipalities.ts';
import { activePanorama } from './active-panorama.ts';
import { promptCatalogue } from './catalogue.ts';
import { completeCategory, completeEmergencySlug, completeMunicipality, municipalityNamed } from './completions.ts';
import { panoramaMarkdown } from './panorama-markdown.ts';

/** The title and description the catalogue gives a prompt (the server card lists the same). */
function entry(name: keyof typeof promptCatalogue) {
  const { title, description } = promptCatalogue[name];
  return { title, description };
}

type Message = {
  role: 'user';
  content:
    | { type: 'text'; text: string }
    | { type: 'resource'; resource: { uri: string; mimeType: string; text: string } };
};

const text = (value: string): Message => ({ role: 'user', content: { type: 'text', text: value } });

function invalid(argument: string, message: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `${argument}: ${message}`);
}

/** The emergency a prompt argument names, with its panorama; unknown or closed is an invalid argument. */
async function activeEmergency(ctx: Context, slug: string) {
  const found = await activePanorama(ctx, slug);
  if (found) return found;
  throw invalid('emergencySlug', `no hay una emergencia activa «${slug}» (vea listar_emergencias).`);
}

function categoryNamed(value: string | undefined): Category | undefined {
  if (value === undefined || value === '') return undefined;
  const found = categories.find((c) => c === value.trim().toLowerCase());
  if (!found) throw invalid('category', `categoría desconocida «${value}»; use una de: ${categories.join(', ')}.`);
  return found;
}

function placeNamed(value: string | undefined) {
  if (value === undefined || value === '') return undefined;
  const found = municipalityNamed(value);
  if (!found) throw invalid('municipality', `no se reconoce el municipio «${value}» (nombre o código DIVIPOLA).`);
  return found;
}

export function registerPrompts(server: McpServer, ctx: Context): void {
  const slugArg = (description: string) =>
    completable(z.string().describe(description), (value) => completeEmergencySlug(ctx, value));
  const categoryArg = completable(z.string().describe(`Categoría: ${categories.join(', ')}.`), (value) =>
    completeCategory(value),
  ).optional();
  const municipalityArg = completable(
    z.string().describe('Municipio (nombre, p. ej. «Mocoa, Putumayo», o código DIVIPOLA de 5 dígitos).'),
    (value) => completeMunicipality(value),
  ).optional();

  server.registerPrompt(
    'resumir_emergencia',
    {
      ...entry('resumir_emergencia'),
      argsSchema: z.object({ emergencySlug: slugArg('La emergencia (slug), de listar_emergencias.') }),
    },
    async ({ emergencySlug }) => {
      const { generatedAt, emergency } = await activeEmergency(ctx, emergencySlug);
      return {
        description: `Resumen de ${emergency.name}`,
        messages: [
          text(
            `Resume en español, en pocas líneas y para compartir por WhatsApp, la situación de la emergencia ` +
              `«${emergency.name}» con el panorama adjunto. Empieza por las necesidades urgentes (con su enlace), ` +
              'luego las cantidades que faltan por categoría, los ofrecimientos y las rutas logísticas. No inventes ' +
              'cifras: usa solo las del panorama, di la hora en que se generó, y recuerda que solo cuenta lo que el ' +
              'equipo de la emergencia ya aprobó. Para más detalle usa buscar_ayudas y ver_ayuda.',
          ),
          {
            role: 'user',
            content: {
              type: 'resource',
              resource: {
                uri: `ayuda://emergencias/${encodeURIComponent(emergency.slug)}/panorama.md`,
                mimeType: 'text/markdown',
                text: panoramaMarkdown(emergency, generatedAt),
              },
            },
          },
        ],
      };
    },
  );

  server.registerPrompt(
    'ayudar_a_pedir_ayuda',
    {
      ...entry('ayudar_a_pedir_ayuda'),
      argsSchema: z.object({
        emergencySlug: slugArg('La emergencia (slug), si ya se sabe.').optional(),
        category: categoryArg,
        municipality: municipalityArg,
      }),
    },
    async ({ emergencySlug, category, municipality }) => {
      const emergency = emergencySlug ? (await activeEmergency(ctx, emergencySlug)).emergency : undefined;
      const what = categoryNamed(category);
      const place = placeNamed(municipality);
      const known = [
        emergency ? `emergencia «${emergency.name}» (emergencySlug: ${emergency.slug})` : '',
        what ? `categoría ${categoryLabel(what)} (category: ${what})` : '',
        place ? `municipio ${municipalityLabel(place)} (código DIVIPOLA ${place.code})` : '',
      ].filter(Boolean);
      return {
        description: 'Pedir ayuda con Ayuda Directa',
        messages: [
          text(
            [
              'Vas a ayudar a una persona a pedir ayuda en una emergencia en Colombia con Ayuda Directa.',
              known.length > 0 ? `Ya se sabe: ${known.join('; ')}.` : '',
              'Si hay personas en peligro (atrapadas, heridas, agua subiendo), dile primero que llame al 123.',
              emergency ? '' : 'Si no se sabe la emergencia, usa listar_emergencias y pregúntale cuál es.',
              'Pregunta, una cosa a la vez y con palabras sencillas: qué necesita (un título corto y una ' +
                'descripción), la categoría, cuánto y en qué unidad, qué tan urgente es, dónde está (municipio, ' +
                'barrio o vereda; la dirección exacta solo la ve el equipo), y su nombre y WhatsApp de contacto.',
              'No inventes ni completes datos que la persona no dio.',
              'Antes de enviar, explícale qué se publicará si un líder lo aprueba: el título, la descripción, la ' +
                'categoría, las cantidades, el lugar aproximado y, solo si ella acepta, su nombre y su WhatsApp; el ' +
                'documento de identidad nunca se publica. Pídele su consentimiento para publicar su nombre y WhatsApp ' +
                '(publishContact: true); si no lo da, envía con publishContact: false.',
              'Luego llama a publicar_solicitud. El envío queda en revisión y no aparece en ninguna lectura hasta ' +
                'que un líder lo aprueba: díselo así. Si pediste publicar su contacto, el servidor le pedirá a la ' +
                'persona que lo confirme ella misma (en tu cliente o en un enlace del sitio); sin su confirmación ' +
                'no se envía nada.',
              'Al final dale el código de recibo (receiptCode): con él consulta el estado en /estado o retira el ' +
                'envío cuando quiera.',
            ]
              .filter(Boolean)
              .join('\n'),
          ),
        ],
      };
    },
  );

  server.registerPrompt(
    'coordinar_entregas',
    {
      ...entry('coordinar_entregas'),
      argsSchema: z.object({
        emergencySlug: slugArg('La emergencia (slug), de listar_emergencias.'),
        category: categoryArg,
        municipality: municipalityArg,
      }),
    },
    async ({ emergencySlug, category, municipality }) => {
      const { emergency } = await activeEmergency(ctx, emergencySlug);
      const what = categoryNamed(category);
      const place = placeNamed(municipality);
      const filters = [
        `emergencySlug: "${emergency.slug}"`,
        'type: "request"',
        what ? `category: "${what}"` : '',
        place ? `municipalityCode: "${place.code}"` : '',
      ].filter(Boolean);
      return {
        description: `Coordinar entregas en ${emergency.name}`,
        messages: [
          text(
            [
              `Ayuda a coordinar entregas en la emergencia «${emergency.name}».`,
              `1. Mira consultar_panorama (emergencySlug: "${emergency.slug}") para ver qué falta.`,
              `2. Busca las solicitudes pendientes con buscar_ayudas (${filters.join(', ')}), las urgentes primero.`,
              '3. Para cada una, sugerir_coincidencias dice qué ofrecimientos y centros de acopio podrían cubrirla; ' +
                'consultar_inventario muestra qué tiene cada centro y desde cuándo.',
              '4. Solo cuando una persona decide llevar algo, registra su compromiso con comprometer_ayuda (sin ' +
                'pasar de quantities.uncommitted) y entrégale a ella sola el código para confirmar la entrega en ' +
                '/compromisos.',
              '5. Si alguien tiene vehículo, buscar_operaciones_logisticas lista las rutas disponibles y ' +
                'ofrecer_transporte lo ofrece; el equipo de la emergencia decide.',
              'No prometas nada en nombre del equipo ni de nadie, y no compartas contactos fuera de lo publicado.',
            ].join('\n'),
          ),
        ],
      };
    },
  );
}
