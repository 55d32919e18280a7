// What changed in the API's behaviour since version 1.6.0 was first served, newest last: the version stays 1.6.0
// (paths, fields, bounds and codes only grow), so integrators read here what a change means for them. The OpenAPI
// description lists these entries and README's "Changes since 1.6.0" must say each one (test/api-changes.test.ts).
import type { ErrorCode } from '../errors.ts';

export interface ApiChange {
  /** The day it was first served, YYYY-MM-DD. */
  date: string;
  es: string;
  en: string;
}

/** Error codes added since 1.6.0 was first served: clients must accept codes they do not know. */
export const addedErrorCodes = [
  'reserved_source',
  'helper_limit_reached',
  'export_busy',
] as const satisfies readonly ErrorCode[];

export const apiChanges: readonly ApiChange[] = [
  {
    date: '2026-11-27',
    es: 'Un ofrecimiento sigue la regla de lugar de una solicitud: se publica en un punto aproximado (unos 300 m) salvo con showExactLocation: true (nuevo campo de los ofrecimientos); un centro de acopio se publica exacto. Un registro sin lugar ya no dice precision: exact.',
    en: 'An offer follows a request’s place rule: it is published at an approximate point (about 300 m) unless it sends showExactLocation: true (a new offer field); a collection centre is published exactly. A record without a place no longer says precision: exact.',
  },
  {
    date: '2026-11-27',
    es: 'Una ruta que recoge en el ofrecimiento de una persona publica en pickup_* el lugar público de ese ofrecimiento, no su dirección.',
    en: 'A route that picks up at a person’s offer publishes that offer’s public place in pickup_*, not its address.',
  },
  {
    date: '2026-11-27',
    es: 'Los source web, whatsapp, sms, mcp y kobo:… los escribe solo el propio servicio: POST /api/public/v1/help y las herramientas MCP responden 400 reserved_source (un par ya guardado con uno de ellos se revisa con su editToken).',
    en: 'The sources web, whatsapp, sms, mcp and kobo:… are written only by the service itself: POST /api/public/v1/help and the MCP tools answer 400 reserved_source (a pair already stored under one of them is revised with its editToken).',
  },
  {
    date: '2026-11-27',
    es: 'contact.channel (whatsapp, sms o unknown) dice cómo llegó la persona; contact.whatsapp sigue con el número. Con sms ofrezca llamar o un SMS, no WhatsApp.',
    en: 'contact.channel (whatsapp, sms or unknown) says how the person came; contact.whatsapp keeps the number. With sms, offer a call or a text message, not WhatsApp.',
  },
  {
    date: '2026-11-27',
    es: 'La entrega que avisa quien se comprometió (POST /api/public/v1/pledges/confirm, /compromisos), o quien lleva una ruta con quantity (POST /api/logistics-operations/claims/progress, /mi-ruta), queda reportada: status reported y evento pledge_reported, sigue en quantities.committed y no cambia covered ni la prioridad hasta que quien pidió la ayuda o un líder la confirma (delivered) o dice que no llegó (disputed).',
    en: 'A delivery the pledger reports (POST /api/public/v1/pledges/confirm, /compromisos), or a route’s volunteer with quantity (POST /api/logistics-operations/claims/progress, /mi-ruta), is only reported: status reported and event pledge_reported; it stays in quantities.committed and changes neither covered nor priority until the requester or a leader confirms it (delivered) or says it did not arrive (disputed).',
  },
  {
    date: '2026-11-27',
    es: 'Nuevo POST /api/public/v1/help/{id}/deliveries/confirm: la integración registrada que envió una solicitud confirma con su clave las entregas reportadas a ella.',
    en: 'New POST /api/public/v1/help/{id}/deliveries/confirm: the registered integration that sent a request confirms, with its key, the deliveries reported to it.',
  },
  {
    date: '2026-11-27',
    es: 'El documento OpenAPI nombra las categorías una vez (components/schemas/Category, al que remiten campos y parámetros) y declara como default el radio de 25 km de radiusKm y el 1 de neededPeople. Las respuestas no cambian; un cliente generado obtiene un tipo Category.',
    en: 'The OpenAPI document names the categories once (components/schemas/Category, which fields and parameters refer to) and states radiusKm’s 25 km and neededPeople’s 1 as schema defaults. Responses do not change; a generated client gets a Category type.',
  },
  {
    date: '2026-11-28',
    es: 'Compromisos y ofrecimientos de rutas tienen un límite diario común: en 24 horas cada número de WhatsApp puede hacer 10 y cada dirección de cliente 40 (HELPER_LIMIT_PER_NUMBER, HELPER_LIMIT_PER_ADDRESS), se hayan entregado, cancelado o no: 429 helper_limit_reached (details[0].code per_whatsapp_24h o per_address_24h, con limit). Una integración registrada (su clave) o un centro de acopio (su enlace de edición) como Authorization: Bearer no cuentan en él ni en los de compromisos abiertos; otra credencial responde 401 source_key_required.',
    en: 'Pledges and route offers share a daily limit: in 24 hours each WhatsApp number may make 10 and each client address 40 (HELPER_LIMIT_PER_NUMBER, HELPER_LIMIT_PER_ADDRESS), whether delivered, cancelled or not: 429 helper_limit_reached (details[0].code per_whatsapp_24h or per_address_24h, with limit). A registered integration (its key) or a collection centre (its edit link) as Authorization: Bearer is counted neither there nor in the open-pledge caps; any other credential answers 401 source_key_required.',
  },
  {
    date: '2026-11-28',
    es: 'GET /api/public/v1/changes/stream tiene límites: 8 flujos abiertos por dirección de cliente y CHANGE_STREAMS_MAX (1000) por instancia; por encima responde 429 too_many_streams con Retry-After, solo a ese cliente. Una dirección que TRUST_PROXY nombra y que no dice por quién pide cuenta solo en el total.',
    en: 'GET /api/public/v1/changes/stream has limits: 8 open streams per client address and CHANGE_STREAMS_MAX (1000) per instance; past them it answers 429 too_many_streams with Retry-After, to that client only. An address TRUST_PROXY lists that does not say for whom counts only in the total.',
  },
  {
    date: '2026-11-28',
    es: 'GET /api/public/v1/export.csv y export.json se construyen una vez por cambio de los datos públicos y se guardan en disco (EXPORT_CACHE_MB): llevan ETag y Content-Length, If-None-Match responde 304, y una instancia construye a lo más 2 a la vez (429 export_busy con Retry-After).',
    en: 'GET /api/public/v1/export.csv and export.json are built once per change of public data and kept on disk (EXPORT_CACHE_MB): they carry ETag and Content-Length, If-None-Match answers 304, and an instance builds at most 2 at once (429 export_busy with Retry-After).',
  },
  {
    date: '2026-11-28',
    es: 'La respuesta de POST /integraciones/whatsapp y /integraciones/sms trae limited (solo si es mayor que 0): mensajes pasado el límite de su número (CHANNEL_MESSAGES_PER_MINUTE, CHANNEL_SUBMISSIONS_PER_DAY), guardados y sin respuesta. El 401 integration_unauthorized de cada entrada nombra en details solo sus propias cabeceras.',
    en: 'The answer of POST /integraciones/whatsapp and /integraciones/sms has limited (only when above 0): messages past their number’s limits (CHANNEL_MESSAGES_PER_MINUTE, CHANNEL_SUBMISSIONS_PER_DAY), logged and not answered. Each intake’s 401 integration_unauthorized names only its own headers in details.',
  },
  {
    date: '2026-11-28',
    es: 'receiptCode (POST /api/public/v1/help, herramientas MCP publicar_*) se da solo a quien envía: en el 202 que crea el par, y en un reenvío o una revisión solo con el editToken del par o la clave de la integración registrada como Authorization: Bearer. Un reenvío idéntico sin ellos recibe el mismo 202 sin receiptCode, y la respuesta guardada de un Idempotency-Key no lo guarda: su repetición lo trae solo con esa prueba. El servicio guarda los códigos como hashes; un líder puede generar uno nuevo, que anula el anterior.',
    en: 'receiptCode (POST /api/public/v1/help, the MCP publicar_* tools) is given only to the sender: in the 202 that creates the pair, and in a repeat or revision only with the pair’s editToken or the registered integration’s key as Authorization: Bearer. An identical repeat without them gets the same 202 without receiptCode, and an Idempotency-Key’s stored answer keeps none: its replay carries it only with that proof. The service stores codes as hashes; a leader can issue a new one, which voids the old.',
  },
  {
    date: '2026-11-28',
    es: 'POST /integraciones/kobo ya no devuelve receiptCode (KoboResult.receiptCode queda en el esquema, obsoleto): KoboToolbox guarda las respuestas que recibe. Un líder puede darle a la persona un código nuevo desde la consola.',
    en: 'POST /integraciones/kobo no longer returns receiptCode (KoboResult.receiptCode stays in the schema, deprecated): KoboToolbox keeps the answers it gets. A leader can give the person a new code from the console.',
  },
  {
    date: '2026-11-28',
    es: 'Toda respuesta lleva la cabecera X-Request-Id: REF- y 10 dígitos, o la X-Request-Id que envió un proxy de confianza (TRUST_PROXY) si tiene de 1 a 64 caracteres de A-Z, a-z, 0-9 y . _ : -. Cada línea del registro de esa petición la nombra y las páginas de error del sitio y de la consola la muestran (Referencia): al reportar un problema, envíela con la hora. Los cuerpos de error no cambian, y CORS la deja leer.',
    en: 'Every response carries the X-Request-Id header: REF- and 10 digits, or the X-Request-Id a trusted proxy (TRUST_PROXY) sent when it has 1 to 64 characters of A-Z, a-z, 0-9 and . _ : -. Every log line of that request names it, and the website’s and the console’s error pages show it (Reference): when you report a problem, send it with the time. Error bodies do not change, and CORS lets it be read.',
  },
  {
    date: '2026-11-28',
    es: 'Los details de un error son siempre una lista (vacía si no hay nada que añadir) de { field, code, message } más las claves documentadas (slugs, uncommitted, unit, oldestCursor, limit, retryAfterSeconds…): message es siempre una frase en el idioma del error y nunca el valor enviado, que pasa a value; el 503 de GET /readyz da el detalle { field: "searchIndex", code: "building" } en vez de details.searchIndex, y el 429 rate_limited un detalle con limit y retryAfterSeconds en vez de un objeto.',
    en: 'Error details are always a list (empty when there is nothing to add) of { field, code, message } plus the documented keys (slugs, uncommitted, unit, oldestCursor, limit, retryAfterSeconds…): message is always a sentence in the error\'s language and never the value sent, which moves to value; GET /readyz\'s 503 gives the detail { field: "searchIndex", code: "building" } instead of details.searchIndex, and 429 rate_limited a detail with limit and retryAfterSeconds instead of an object.',
  },
  {
    date: '2026-11-28',
    es: 'GET /api/public/v1/export.csv acepta excel=1: el mismo CSV HXL para una hoja de cálculo en español (Excel en Colombia), en UTF-8 con BOM, con punto y coma entre campos y coma decimal (1500,5), la fila de hashtags, las mismas comillas y la misma protección contra fórmulas; se llama ayuda-directa-<emergencySlug o todas>-<fecha>-excel.csv y tiene su propio ETag. Otro valor de excel responde 400 invalid_query. El CSV sin excel no cambia.',
    en: 'GET /api/public/v1/export.csv takes excel=1: the same HXL CSV for a spreadsheet set to Spanish (Excel in Colombia), in UTF-8 with a BOM, with semicolons between fields and a decimal comma (1500,5), the hashtag row, the same quoting and the same formula protection; it is named ayuda-directa-<emergencySlug or todas>-<date>-excel.csv and has its own ETag. Any other value of excel answers 400 invalid_query. The CSV without excel does not change.',
  },
  {
    date: '2026-11-28',
    es: 'Las cantidades de una solicitud ganan peopleGiven (booleano): false cuando la persona no dijo cuántas personas están afectadas (las conversaciones por WhatsApp y SMS no lo preguntan; el formulario, la API y Kobo pueden omitir neededPeople), y entonces quantities.people sigue siendo el 1 por defecto de SPEC 2.3; las páginas, sus gemelos Markdown y la exportación HXL (#affected+num) no muestran número, y las herramientas MCP dan people: null.',
    en: "A request's quantities gain peopleGiven (boolean): false when the person did not say how many people are affected (the WhatsApp and SMS conversations never ask; the form, the API and Kobo may leave neededPeople out), in which case quantities.people is still SPEC 2.3's default 1; the pages, their Markdown twins and the HXL export (#affected+num) then show no count, and the MCP tools give people: null.",
  },
  {
    date: '2026-11-28',
    es: 'POST /api/logistics-operations/claims/progress acepta unit junto a quantity: la unidad en que se entregó (sin ella, la de la solicitud). Una entrega en otra unidad que la de la solicitud (comparadas sin mayúsculas, tildes ni espacios de más) no queda comprometida ni suma a lo cubierto, aunque se confirme, hasta que un líder de la emergencia dice en la consola cuánto equivale; sus eventos llevan unit (campo nuevo de TimelineItem, null en los demás) y su texto dice «sin convertir». Los compromisos guardan la unidad de la solicitud.',
    en: "POST /api/logistics-operations/claims/progress takes unit beside quantity: the unit it was delivered in (without it, the request's). A delivery in another unit than the request's (compared without case, accents or extra spaces) is neither reserved nor covered, even once confirmed, until a leader of the emergency says in the console what it is worth; its events carry unit (a new TimelineItem field, null otherwise) and their label says «sin convertir». Pledges keep the request's unit.",
  },
  {
    date: '2026-11-28',
    es: 'Una búsqueda por lugar (latitude, longitude, radiusKm; también las herramientas MCP y map-points) incluye siempre, sea cual sea el radio, los registros ubicados solo por el municipio más cercano al punto de búsqueda (location.precision municipality): su location.distanceKm es null, y con sort=distance van después de todos los registros medidos, por prioridad; el nextCursor de esa parte sigue la lista sin repetir ni saltar. Los ubicados solo por otro municipio se miden hasta el punto de ese municipio, como antes.',
    en: 'A search by place (latitude, longitude, radiusKm; the MCP tools and map-points too) always includes, whatever the radius, the records placed only by the municipality nearest to the search point (location.precision municipality): their location.distanceKm is null, and with sort=distance they come after every measured record, by priority; the nextCursor through that part continues the list without repeating or skipping. Records placed only by another municipality are measured to that municipality’s point, as before.',
  },
];

/** The OpenAPI description's lines about these changes. */
export function changesText(): string[] {
  return [
    'Cambios desde la 1.6.0 (la versión no cambia: rutas, campos, límites y códigos solo crecen):',
    ...apiChanges.map((change) => `- ${change.date}: ${change.es}`),
    `Error.code puede crecer: acepte códigos que no conozca. Añadidos desde la 1.6.0: ${addedErrorCodes.join(', ')}.`,
  ];
}
