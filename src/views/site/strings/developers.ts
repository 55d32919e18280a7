// Strings of /desarrolladores and of its reference /desarrolladores/referencia.
export const developers = {
  title: { es: 'Desarrolladores', en: 'Developers' },
  summary: {
    es: 'La API abierta, el servidor MCP, el protocolo aid-places, los gemelos Markdown y /llms.txt: sin claves ni registro.',
    en: 'The open API, the MCP server, the aid-places protocol, the Markdown twins and /llms.txt: no keys, no sign-up.',
  },
  intro: {
    es: 'Todo lo público de Ayuda Directa se puede leer y enviar desde otra aplicación, sin autenticación. Las lecturas solo devuelven registros aprobados por el equipo de cada emergencia; un envío entra en la bandeja de revisión y no se publica hasta que un líder lo aprueba.',
    en: 'Everything public in Ayuda Directa can be read and sent from another application, without authentication. Reads return only records approved by each emergency’s team; a submission enters the review inbox and is not published until a leader approves it.',
  },
  indexTitle: { es: 'En esta página', en: 'On this page' },
  indexLabel: { es: 'Secciones de esta página', en: 'Sections of this page' },
  startTitle: { es: 'Para empezar', en: 'Getting started' },
  openapiLink: { es: 'Documento OpenAPI 3.1', en: 'OpenAPI 3.1 document' },
  openapiNote: {
    es: 'todas las rutas, parámetros, esquemas, ejemplos y códigos de error, generado de los mismos esquemas que validan las peticiones.',
    en: 'every path, parameter, schema, example and error code, generated from the same schemas that validate requests.',
  },
  referenceLink: { es: 'Referencia de la API', en: 'API reference' },
  referenceNote: {
    es: 'el mismo documento OpenAPI leído como página, servida aquí mismo.',
    en: 'the same OpenAPI document read as a page, served right here.',
  },
  discoveryLink: { es: 'Descubrimiento', en: 'Discovery' },
  discoveryNote: {
    es: 'qué ofrece el servicio, sus direcciones y las emergencias activas.',
    en: 'what the service offers, its addresses and the active emergencies.',
  },
  endpointsTitle: { es: 'Rutas de la API', en: 'API endpoints' },
  endpointsIntro: {
    es: 'Rutas relativas a {base}. Respuestas JSON en UTF-8. SLUG es el identificador de una emergencia e ID el de un registro.',
    en: 'Paths relative to {base}. JSON responses in UTF-8. SLUG is an emergency’s identifier and ID a record’s.',
  },
  colEndpoint: { es: 'Método y ruta', en: 'Method and path' },
  colPurpose: { es: 'Para qué', en: 'Purpose' },
  examplesTitle: { es: 'Ejemplos', en: 'Examples' },
  epDiscovery: { es: 'Descubrimiento (sin view, o view=discovery).', en: 'Discovery (no view, or view=discovery).' },
  epPanorama: {
    es: 'Panorama de las emergencias activas: conteos, cantidades, rutas, necesidades urgentes.',
    en: 'Overview of the active emergencies: counts, quantities, routes, urgent needs.',
  },
  epList: {
    es: 'Buscar registros publicados: filtros emergencySlug, type, status, category, priority, q, latitude + longitude + radiusKm, logistics, capacity, limit.',
    en: 'Search published records: filters emergencySlug, type, status, category, priority, q, latitude + longitude + radiusKm, logistics, capacity, limit.',
  },
  epListNear: { es: 'Cerca de un punto (radio en km).', en: 'Near a point (radius in km).' },
  epMapPoints: {
    es: 'Los puntos públicos de los registros que cumplen los filtros de view=list, para un mapa; bbox limita el área. Con más de 3000, grupos por celda (clusters).',
    en: 'The public points of the records matching the view=list filters, for a map; bbox limits the area. Over 3000, groups by cell (clusters).',
  },
  epExportCsv: {
    es: 'Datos abiertos: todos los registros publicados que cumplen los filtros de view=list (sin limit ni cursor), en CSV con hashtags HXL 1.1 (ver Datos abiertos).',
    en: 'Open data: every published record matching the view=list filters (no limit or cursor), as CSV with HXL 1.1 hashtags (see Open data).',
  },
  epExportJson: {
    es: 'Lo mismo en JSON: un arreglo de objetos cuyas claves son los hashtags HXL.',
    en: 'The same as JSON: an array of objects keyed by the HXL hashtags.',
  },
  epChanges: {
    es: 'Los cambios de lo publicado en orden, desde un cursor: cada evento con el estado público después del cambio (ver Cambios en vivo).',
    en: 'Changes to what is published, in order, from a cursor: each event with the public state after the change (see Live changes).',
  },
  epChangesStream: {
    es: 'Los mismos eventos como Server-Sent Events, para tableros; Last-Event-ID retoma donde quedó.',
    en: 'The same events as Server-Sent Events, for dashboards; Last-Event-ID resumes where it left off.',
  },
  epDetail: { es: 'El detalle de un registro publicado.', en: 'One published record in detail.' },
  epMatches: {
    es: 'Sugerencias para un registro publicado: para una solicitud, los ofrecimientos y centros de acopio con existencias de su categoría; para un ofrecimiento, las solicitudes que podría cubrir. El mejor primero, cada uno con una razón; no cambia nada.',
    en: 'Suggestions for a published record: for a request, the offers and collection centres with stock of its category; for an offer, the requests it could cover. Best first, each with a reason; nothing changes.',
  },
  epPledge: {
    es: 'Comprometerse a llevar parte de lo que falta a una solicitud publicada ("voy a llevar"): no cambia lo cubierto; se ve aparte como committed y uncommitted. El nombre y el WhatsApp son privados. Devuelve un código (202); pasar de lo no comprometido responde 409 pledge_exceeds_pending con lo que queda.',
    en: 'Pledge to bring part of what a published request lacks ("I will bring it"): covered does not change; it shows apart as committed and uncommitted. Name and WhatsApp stay private. Returns a code (202); more than is uncommitted answers 409 pledge_exceeds_pending with what is left.',
  },
  epPledgeConfirm: {
    es: 'Quien se comprometió avisa la entrega con su código (quantity si entregó menos): queda reportada, sin confirmar, y suma a lo cubierto cuando quien pidió la ayuda o un líder la confirma.',
    en: 'The pledger reports the delivery with their code (quantity if less arrived): it stays reported, unconfirmed, and adds to what is covered once the requester or a leader confirms it.',
  },
  epDeliveriesConfirm: {
    es: 'La integración registrada que envió la solicitud confirma con su clave que llegaron las entregas reportadas: suman a lo cubierto.',
    en: 'The registered integration that sent the request confirms with its key that the reported deliveries arrived: they add to what is covered.',
  },
  epPledgeCancel: {
    es: 'Cancelar un compromiso con su código: lo comprometido vuelve a quedar libre.',
    en: 'Cancel a pledge with its code: what was committed is free again.',
  },
  epRouteClaim: {
    es: 'Ofrecerse a llevar una ruta disponible ("Quiero llevar esta ruta"): llega al equipo de la emergencia, que la asigna o no. Nombre y WhatsApp privados; devuelve un código (202).',
    en: 'Offer to take an available route ("I will take this route"): it reaches the emergency team, who assign it or not. Name and WhatsApp stay private; returns a code (202).',
  },
  epRouteProgress: {
    es: 'Quien lleva la ruta, con su código: en camino (in_transit) y entregado (delivered, con quantity que suma a lo cubierto).',
    en: 'Whoever takes the route, with their code: on the way (in_transit) and delivered (delivered, with a quantity that adds to what is covered).',
  },
  epSubmit: {
    es: 'Enviar una solicitud (type request) o un ofrecimiento (type offer) a revisión: 202.',
    en: 'Send a request (type request) or an offer (type offer) for review: 202.',
  },
  epPreflight: { es: 'Preflight CORS: 204.', en: 'CORS preflight: 204.' },
  epReport: {
    es: 'Reportar un registro publicado (reason: scam, resolved, wrong_data, other; note opcional): 202. Solo lo leen los líderes de la emergencia.',
    en: 'Report a published record (reason: scam, resolved, wrong_data, other; optional note): 202. Only the emergency’s leaders read it.',
  },
  epLogistics: {
    es: 'Rutas logísticas disponibles de una emergencia; nunca el contacto del voluntario.',
    en: 'Available logistics routes of an emergency; never the volunteer’s contact.',
  },
  epInventory: {
    es: 'Qué tiene y necesita cada centro de acopio, con la antigüedad de cada línea; con categoria, quién tiene ese artículo.',
    en: 'What each collection centre has and needs, with each line’s age; with categoria, who has that item.',
  },
  epManifest: { es: 'Manifiesto del protocolo aid-places 0.1.', en: 'Manifest of the aid-places 0.1 protocol.' },
  epPlaces: {
    es: 'Centros de acopio en GeoJSON (RFC 7946), sin datos de personas.',
    en: 'Collection centres as GeoJSON (RFC 7946), without data about persons.',
  },
  epOpenapi: { es: 'El documento OpenAPI.', en: 'The OpenAPI document.' },
  epServerCard: {
    es: 'Tarjeta del servidor MCP (SEP-2127): nombre, versión, la dirección /mcp, sus protocolos (2026-07-28 y los de 2025) y, en _meta, sus herramientas, recursos y prompts; para descubrirlo antes de conectarse.',
    en: 'The MCP server card (SEP-2127): name, version, the /mcp address, its protocols (2026-07-28 and the 2025 ones) and, under _meta, its tools, resources and prompts; to discover it before connecting.',
  },
  epMcp: {
    es: 'Servidor MCP (Streamable HTTP): POST mensajes (protocolo 2026-07-28 sin sesión, o 2025-11-25 con sesión); en 2025-11-25, GET abre el flujo de eventos y DELETE termina la sesión.',
    en: 'MCP server (Streamable HTTP): POST messages (protocol 2026-07-28 without a session, or 2025-11-25 with one); in 2025-11-25, GET opens the event stream and DELETE ends the session.',
  },
  epHealth: {
    es: 'Salud: /healthz mientras el proceso vive; /readyz 200 si la base de datos responde y el índice de búsqueda está construido, 503 si no.',
    en: 'Health: /healthz while the process is up; /readyz 200 when the database answers and the search index is built, 503 otherwise.',
  },
  epKobo: {
    es: 'Entrada para el REST Service de un formulario de KoboToolbox (integraciones/kobo/formulario.md), con la cabecera X-Ayuda-Kobo-Secret; no es para apps públicas. Cada envío queda en revisión como cualquier otro.',
    en: 'Intake for the REST Service of a KoboToolbox form (integraciones/kobo/formulario.md), with the X-Ayuda-Kobo-Secret header; not for public apps. Each submission waits for review like any other.',
  },
  epWhatsapp: {
    es: 'Webhook de WhatsApp Business (Cloud API): GET es el saludo de verificación de Meta; POST recibe los mensajes, firmados con X-Hub-Signature-256. Una conversación guiada en español lleva cada mensaje hasta la bandeja de revisión; no es para apps públicas.',
    en: "WhatsApp Business (Cloud API) webhook: GET is Meta's verification handshake; POST receives the messages, signed with X-Hub-Signature-256. A guided conversation in Spanish takes each message to the review inbox; not for public apps.",
  },
  epSms: {
    es: 'SMS de una pasarela (android-sms-gateway firmado con X-Signature, o RapidPro/TextIt con X-Ayuda-Sms-Secret): la misma conversación guiada, una pregunta por mensaje; no es para apps públicas.',
    en: 'SMS from a gateway (android-sms-gateway signed with X-Signature, or RapidPro/TextIt with X-Ayuda-Sms-Secret): the same guided conversation, one question per message; not for public apps.',
  },
  submitTitle: { es: 'Envíos e idempotencia', en: 'Submissions and idempotency' },
  submitIntro: {
    es: 'Un envío es un POST con JSON. El 202 llega solo después de guardarlo: queda en revisión y no aparece en ninguna lectura hasta que un líder lo aprueba.',
    en: 'A submission is a POST with JSON. The 202 comes only once it is stored: it waits for review and appears in no read until a leader approves it.',
  },
  withdrawApi: {
    es: 'Retirar un envío: DELETE /api/public/v1/help/{id} con Authorization: Bearer y el editToken que trajo el primer 202 responde 204; la publicación sale de toda lectura y sus datos personales se borran. Un editToken equivocado responde como un id desconocido (404 help_not_found). Quien envió por el sitio, WhatsApp o SMS usa su código de recibo en /retirar.',
    en: 'Withdrawing a submission: DELETE /api/public/v1/help/{id} with Authorization: Bearer and the editToken the first 202 carried answers 204; the record leaves every read and its personal data are erased. A wrong editToken answers like an unknown id (404 help_not_found). Whoever sent through the site, WhatsApp or SMS uses their receipt code at /retirar.',
  },
  submitConsent: {
    es: 'publishContact debe ser true: confirma que el nombre y el WhatsApp se pueden publicar (si no, 400 consent_required). El WhatsApp va en formato internacional (+57…).',
    en: 'publishContact must be true: it confirms the name and WhatsApp may be published (otherwise 400 consent_required). The WhatsApp number is international (+57…).',
  },
  submitPlace: {
    es: 'El lugar de una solicitud o de un ofrecimiento se publica aproximado por defecto: un punto en una cuadrícula de unos 300 m, el barrio o vereda y el municipio, sin dirección (location.precision: approximate). showExactLocation: true publica la dirección y el punto exactos. Un centro de acopio (collectionCenterStatus) se publica siempre en su lugar exacto. Desde el 2026-11-27 los ofrecimientos siguen esta regla: una aplicación que publica tiendas o puntos de recogida como ofrecimientos envía showExactLocation: true para mantenerlos exactos. Un registro enviado solo con municipalityCode se publica en el punto del municipio (location.precision: municipality). El radio de búsqueda y distanceKm se miden al punto público.',
    en: 'The place of a request or an offer is published approximate by default: a point on a grid of about 300 m, the neighbourhood or village and the municipality, no address (location.precision: approximate). showExactLocation: true publishes the exact address and point. A collection centre (collectionCenterStatus) is always published at its exact place. Since 2026-11-27 offers follow this rule: an app that publishes shops or pickup points as offers sends showExactLocation: true to keep them exact. A record sent with municipalityCode only is published at the municipality’s point (location.precision: municipality). The search radius and distanceKm are measured to the public point.',
  },
  submitEmergency: {
    es: 'emergencySlug es obligatorio cuando hay más de una emergencia activa (400 emergency_required; details lista las activas). Los campos desconocidos se rechazan.',
    en: 'emergencySlug is required when more than one emergency is active (400 emergency_required; details lists the active ones). Unknown fields are refused.',
  },
  idemSource: {
    es: 'source + externalId identifican el registro: reenviar el mismo contenido devuelve el mismo id y no crea nada; un contenido distinto es una revisión que espera aprobación (lo publicado no cambia mientras tanto), y solo la acepta con Authorization: Bearer y el editToken que trajo el primer 202 (o la clave de una integración registrada); sin él, 409 source_conflict. Nunca un duplicado.',
    en: 'source + externalId identify the record: sending the same content again returns the same id and creates nothing; different content is a revision that waits for approval (what is published stays meanwhile), accepted only with Authorization: Bearer and the editToken the first 202 carried (or a registered integration’s key); without it, 409 source_conflict. Never a duplicate.',
  },
  idemKey: {
    es: 'Cabecera Idempotency-Key (1 a 255 caracteres ASCII visibles): la misma clave con el mismo cuerpo devuelve la primera respuesta guardada con Idempotent-Replayed: true; con otro cuerpo, 422 idempotency_key_reused; mientras la primera se procesa, 409 idempotency_key_in_flight. Las claves se guardan 24 horas y son de cada cliente.',
    en: 'Idempotency-Key header (1 to 255 visible ASCII characters): the same key with the same body returns the first stored response with Idempotent-Replayed: true; with another body, 422 idempotency_key_reused; while the first is in progress, 409 idempotency_key_in_flight. Keys are kept 24 hours and belong to each client.',
  },
  errorsTitle: { es: 'Errores', en: 'Errors' },
  errorsIntro: {
    es: 'Todo error tiene el cuerpo { "error", "code", "details" }: error es una frase en español (en inglés si Accept-Language lo prefiere), code un código estable en snake_case que su programa puede comparar, details la lista de problemas { field, code, message }.',
    en: 'Every error has the body { "error", "code", "details" }: error is a sentence in Spanish (English when Accept-Language prefers it), code a stable snake_case code your program can compare, details the list of problems { field, code, message }.',
  },
  colStatus: { es: 'Estado HTTP', en: 'HTTP status' },
  colCodes: { es: 'Códigos', en: 'Codes' },
  limitsTitle: { es: 'Límites', en: 'Limits' },
  limitSubmissions: {
    es: {
      one: '1 envío por minuto por dirección de cliente.',
      other: '{n} envíos por minuto por dirección de cliente.',
    },
    en: { one: '1 submission per minute per client address.', other: '{n} submissions per minute per client address.' },
  },
  limitReads: {
    es: {
      one: '1 lectura por minuto por dirección de cliente.',
      other: '{n} lecturas por minuto por dirección de cliente.',
    },
    en: { one: '1 read per minute per client address.', other: '{n} reads per minute per client address.' },
  },
  limit429: {
    es: 'Por encima: 429 rate_limited con Retry-After y las cabeceras RateLimit-Limit, RateLimit-Remaining y RateLimit-Reset.',
    en: 'Above them: 429 rate_limited with Retry-After and the headers RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.',
  },
  limitBody: {
    es: 'Cuerpo de hasta {bytes} bytes (413 payload_too_large); JSON de hasta {depth} niveles y sin campos repetidos (400).',
    en: 'Bodies up to {bytes} bytes (413 payload_too_large); JSON up to {depth} levels deep, with no repeated fields (400).',
  },
  limitSearch: {
    es: 'Búsqueda: q hasta 120 caracteres, limit de 1 a 100 (50 por defecto), radiusKm de 0,1 a 500 (25 por defecto).',
    en: 'Search: q up to 120 characters, limit 1 to 100 (50 by default), radiusKm 0.1 to 500 (25 by default).',
  },
  limitMcp: {
    es: 'En /mcp, GET, DELETE y POST cuentan como lecturas, salvo una llamada a publicar_solicitud o publicar_ofrecimiento, que cuenta como envío.',
    en: 'On /mcp, GET, DELETE and POST count as reads, except a call to publicar_solicitud or publicar_ofrecimiento, which counts as a submission.',
  },
  corsTitle: { es: 'CORS y caché', en: 'CORS and caching' },
  corsOrigin: {
    es: 'CORS abierto a cualquier origen (Access-Control-Allow-Origin: *), métodos {methods}; el preflight responde 204 y vale 24 horas.',
    en: 'CORS open to any origin (Access-Control-Allow-Origin: *), methods {methods}; the preflight answers 204 and holds for 24 hours.',
  },
  corsAllowed: { es: 'Cabeceras que puede enviar: {headers}.', en: 'Headers you may send: {headers}.' },
  corsExposed: { es: 'Cabeceras que puede leer: {headers}.', en: 'Headers you may read: {headers}.' },
  cacheEtag: {
    es: 'Las lecturas llevan ETag: envíe If-None-Match y recibirá 304 sin cuerpo mientras nada cambie.',
    en: 'Reads carry an ETag: send If-None-Match and get a 304 without a body while nothing changes.',
  },
  mcpTitle: { es: 'Servidor MCP', en: 'MCP server' },
  mcpIntro: {
    es: 'Un servidor MCP remoto en {url} (Streamable HTTP) da a asistentes y agentes lo mismo que la API, en los dos protocolos a la vez: {modern} (sin sesiones: server/discover, y la versión y las capacidades en el _meta de cada petición) y {version} (initialize devuelve la cabecera Mcp-Session-Id, que va en cada petición siguiente; las sesiones vencen tras 30 minutos sin uso). Herramientas, respuestas y límites son los mismos en ambos.',
    en: "A remote MCP server at {url} (Streamable HTTP) gives assistants and agents the same as the API, in both protocols at once: {modern} (no sessions: server/discover, with the version and capabilities in each request's _meta) and {version} (initialize returns the Mcp-Session-Id header, which goes on every later request; sessions expire after 30 idle minutes). Tools, answers and limits are the same in both.",
  },
  mcpConfig: {
    es: 'Configuración de un cliente (Claude Desktop, VS Code, Cursor y otros usan esta forma):',
    en: 'A client configuration (Claude Desktop, VS Code, Cursor and others take this shape):',
  },
  mcpInspector: {
    es: 'Desde la línea de comandos, con el Inspector oficial (Node 22.19 o más reciente); --protocol-era modern o legacy elige el protocolo:',
    en: 'From the command line, with the official Inspector (Node 22.19 or newer); --protocol-era modern or legacy picks the protocol:',
  },
  mcpRaw: { es: 'O a mano, con curl:', en: 'Or by hand, with curl:' },
  mcpTools: { es: 'Herramientas', en: 'Tools' },
  colTool: { es: 'Herramienta', en: 'Tool' },
  colTitle: { es: 'Qué hace', en: 'What it does' },
  colKind: { es: 'Tipo', en: 'Kind' },
  toolRead: { es: 'lectura', en: 'read' },
  toolSubmit: { es: 'envío a revisión (no publica)', en: 'sent for review (publishes nothing)' },
  mcpResources: {
    es: 'Recursos: el panorama de cada emergencia activa (ayuda://emergencias/{slug}/panorama en JSON y panorama.md en Markdown), sus datos abiertos HXL (ayuda://emergencias/{slug}/hxl.csv), un registro publicado (ayuda://ayudas/{id}), los centros de acopio en GeoJSON, el documento OpenAPI y /llms.txt. Prompts: resumir_emergencia, ayudar_a_pedir_ayuda y coordinar_entregas, con completion de emergencias, categorías y municipios. Los errores de una herramienta llevan el mismo cuerpo que la API (code, error, details).',
    en: "Resources: each active emergency's panorama (ayuda://emergencias/{slug}/panorama as JSON and panorama.md as Markdown), its HXL open data (ayuda://emergencias/{slug}/hxl.csv), a published record (ayuda://ayudas/{id}), the collection centres as GeoJSON, the OpenAPI document and /llms.txt. Prompts: resumir_emergencia, ayudar_a_pedir_ayuda and coordinar_entregas, with completion of emergencies, categories and municipalities. A tool error carries the same body as the API (code, error, details).",
  },
  placesTitle: { es: 'Protocolo aid-places 0.1', en: 'The aid-places 0.1 protocol' },
  placesIntro: {
    es: 'Los centros de acopio publicados se comparten con otras aplicaciones de ayuda como GeoJSON (RFC 7946, coordenadas [longitud, latitud], application/geo+json): estado, categorías que tienen y que necesitan, updatedAt y dirección pública. Sin datos de personas.',
    en: 'Published collection centres are shared with other aid applications as GeoJSON (RFC 7946, coordinates [longitude, latitude], application/geo+json): status, categories had and needed, updatedAt and public address. No data about persons.',
  },
  placesManifest: { es: 'Manifiesto', en: 'Manifest' },
  placesFeed: { es: 'Feed', en: 'Feed' },
  placesPolling: {
    es: 'Para consultar periódicamente sin gastar datos, guarde ETag y Last-Modified y reenvíelos: 304 sin cuerpo si nada cambió.',
    en: 'To poll without wasting data, keep ETag and Last-Modified and send them back: 304 without a body when nothing changed.',
  },
  openDataTitle: { es: 'Datos abiertos (HXL)', en: 'Open data (HXL)' },
  openDataIntro: {
    es: 'Las exportaciones traen, sin tope de 100, todos los registros publicados que cumplen los mismos filtros que view=list (emergencySlug, type, status, category, priority, q, latitude, longitude, radiusKm, logistics, capacity, municipalityCode, commitment, confirmation), del más antiguo al más nuevo. Usan los hashtags de HXL 1.1 (Humanitarian Exchange Language), que leen HDX de OCHA y las herramientas de los clústeres. Solo llevan lo que la API publica: el punto público (aproximado en las solicitudes), nunca un teléfono, un documento de identidad ni una columna #contact; el nombre de contacto solo en los ofrecimientos (#org). Se envían por partes mientras se leen, así que sirven para un millón de registros; cada exportación cuenta como una lectura.',
    en: 'The exports carry, with no cap of 100, every published record matching the same filters as view=list (emergencySlug, type, status, category, priority, q, latitude, longitude, radiusKm, logistics, capacity, municipalityCode, commitment, confirmation), oldest first. They use the hashtags of HXL 1.1 (Humanitarian Exchange Language), read by OCHA’s HDX and the clusters’ tools. They carry only what the API publishes: the public point (approximate for requests), never a phone number, an identity document or a #contact column; the contact name only for offers (#org). They are sent in parts as they are read, so they work for a million records; each export counts as one read.',
  },
  openDataCsv: {
    es: 'CSV en UTF-8 (RFC 4180, líneas con CRLF): una fila de encabezados en español, la fila de hashtags y una fila por registro; Content-Disposition con el nombre ayuda-directa-<emergencia o todas>-<fecha>.csv.',
    en: 'CSV in UTF-8 (RFC 4180, CRLF lines): a row of Spanish headers, the hashtag row and one row per record; Content-Disposition names it ayuda-directa-<emergency or todas>-<date>.csv.',
  },
  openDataExcelLink: { es: 'Para Excel', en: 'For Excel' },
  openDataExcel: {
    es: 'el mismo CSV con excel=1, para una hoja de cálculo en español (Excel en Colombia): UTF-8 con BOM, punto y coma entre campos y coma decimal (1500,5), con la fila de hashtags, las mismas comillas y la misma protección contra fórmulas; el archivo se llama ayuda-directa-<emergencia o todas>-<fecha>-excel.csv. Cualquier otro valor de excel responde 400 invalid_query.',
    en: 'the same CSV with excel=1, for a spreadsheet set to Spanish (Excel in Colombia): UTF-8 with a BOM, semicolons between fields and a decimal comma (1500,5), with the hashtag row, the same quoting and the same protection against formulas; the file is named ayuda-directa-<emergency or todas>-<date>-excel.csv. Any other value of excel answers 400 invalid_query.',
  },
  openDataJson: {
    es: 'JSON en la forma de objetos de HXL: [{"#meta+id": "…", "#value+required": 30, …}]; los números son números y lo que falta es null.',
    en: 'JSON in HXL’s object form: [{"#meta+id": "…", "#value+required": 30, …}]; numbers are numbers and what is missing is null.',
  },
  openDataLicence: {
    es: 'Licencia: Creative Commons Atribución-CompartirIgual 4.0 (CC BY-SA 4.0), la de los nombres y códigos DIVIPOLA que llevan. Crédito: Ayuda Directa y, por los departamentos y municipios (DIVIPOLA), el DANE. Cada respuesta lo dice en su cabecera Link (rel="license").',
    en: 'Licence: Creative Commons Attribution-ShareAlike 4.0 (CC BY-SA 4.0), that of the DIVIPOLA names and codes they carry. Credit: Ayuda Directa and, for the departments and municipalities (DIVIPOLA), DANE. Every answer says so in its Link header (rel="license").',
  },
  openDataFormulas: {
    es: 'Protección contra la inyección de fórmulas: en el CSV, un texto que empieza por =, +, -, @, tabulador o retorno de carro lleva un apóstrofo delante, para que una hoja de cálculo lo muestre como texto y nunca lo ejecute. Como una hoja de cálculo en español separa las celdas por punto y coma, un texto con punto y coma va entre comillas, y cada parte que sigue a un punto y coma o a un salto de línea lleva también el apóstrofo si empezaría por uno de esos signos (aun tras espacios o comillas). Los números no cambian y el JSON lleva los textos tal como se publican.',
    en: 'Protection against formula injection: in the CSV, a text that starts with =, +, -, @, tab or carriage return gets a leading apostrophe, so a spreadsheet shows it as text and never runs it. Since a spreadsheet set to Spanish splits cells at semicolons, a text with a semicolon is quoted, and each part that follows a semicolon or a line break gets the apostrophe too when it would start with one of those signs (even after spaces or quotes). Numbers are unchanged, and the JSON carries the texts as published.',
  },
  openDataColumns: { es: 'Columnas, en orden', en: 'Columns, in order' },
  colHashtag: { es: 'Hashtag HXL', en: 'HXL hashtag' },
  colHeader: { es: 'Encabezado', en: 'Header' },
  colSource: { es: 'De dónde sale (campo publicado)', en: 'Where it comes from (published field)' },
  changesTitle: { es: 'Cambios en vivo: feed, eventos y webhooks', en: 'Live changes: feed, events and webhooks' },
  changesIntro: {
    es: 'Para seguir lo publicado sin volver a leer toda la lista: GET /api/public/v1/changes da los cambios en el orden en que se confirmaron, cada uno con un cursor que crece, el id, el tipo (published, updated, status_changed, quantities_changed, withdrawn), la entidad (help, inventory, route), la hora y el estado público después del cambio (null si salió de la vista pública). Sin since empieza desde ahora; pida de nuevo con since=next. Con varias instancias no hay huecos, repetidos ni desorden. El historial se guarda {days} días: un cursor más antiguo responde 410 cursor_expired con el más antiguo válido. Nada pendiente de revisión ni rechazado aparece nunca; un registro retirado o cuyos datos personales se borraron deja un evento withdrawn o updated, y sus eventos anteriores pierden su estado (redacted).',
    en: 'To follow what is published without reading the whole list again: GET /api/public/v1/changes gives the changes in the order they were committed, each with a growing cursor, the id, the kind (published, updated, status_changed, quantities_changed, withdrawn), the entity (help, inventory, route), the time and the public state after the change (null when it left the public view). Without since it starts from now; ask again with since=next. With several instances there are no gaps, repeats or reordering. The history is kept {days} days: an older cursor answers 410 cursor_expired with the oldest valid one. Nothing pending review or rejected ever appears; a withdrawn record, or one whose personal data was erased, leaves a withdrawn or updated event, and its earlier events lose their state (redacted).',
  },
  changesLink: { es: 'Abrir el feed de cambios', en: 'Open the change feed' },
  changesStream: {
    es: 'Para un tablero en vivo, /api/public/v1/changes/stream envía los mismos eventos como Server-Sent Events (id = cursor); al reconectar, el navegador manda Last-Event-ID y sigue justo después.',
    en: 'For a live dashboard, /api/public/v1/changes/stream sends the same events as Server-Sent Events (id = cursor); on reconnecting, the browser sends Last-Event-ID and it carries on right after.',
  },
  webhooksIntro: {
    es: 'Webhooks: el equipo que opera el servicio registra la URL de su sistema (ayuda webhook add, o en la consola) y recibe cada evento como POST firmado según Standard Webhooks (cabeceras webhook-id, webhook-timestamp y webhook-signature, HMAC-SHA256 con el secreto whsec_… que recibe al registrarla). El cuerpo es {"type": "change.<kind>", "timestamp", "data": <el mismo evento del feed>}. Responda 2xx; si no, o si tarda, se reintenta con espera creciente durante 24 horas con el mismo webhook-id (entrega al menos una vez: descarte los ids ya vistos). Solo URLs http(s) públicas: nunca direcciones locales ni privadas. Para verificar la firma, con el paquete standardwebhooks:',
    en: 'Webhooks: the team running the service registers your system’s URL (ayuda webhook add, or in the console) and you receive every event as a POST signed per Standard Webhooks (headers webhook-id, webhook-timestamp and webhook-signature, HMAC-SHA256 with the whsec_… secret given at registration). The body is {"type": "change.<kind>", "timestamp", "data": <the same event as the feed>}. Answer 2xx; otherwise, or when slow, it is retried with growing waits for 24 hours with the same webhook-id (at-least-once delivery: drop ids already seen). Public http(s) URLs only: never local or private addresses. To verify the signature, with the standardwebhooks package:',
  },
  twinsTitle: { es: 'Markdown y llms.txt', en: 'Markdown and llms.txt' },
  twinsIntro: {
    es: 'Cada página del sitio tiene un gemelo en Markdown en la misma ruta con .md (/ es /index.md), hecho del mismo contenido; también lo recibe quien pide la página con Accept: text/markdown. El catálogo de todo, para modelos de lenguaje, está en /llms.txt (formato llmstxt.org).',
    en: 'Every page of the site has a Markdown twin at the same path with .md (/ is /index.md), made from the same content; asking for the page with Accept: text/markdown also returns it. The catalogue of everything, for language models, is /llms.txt (llmstxt.org format).',
  },
  privacyTitle: { es: 'Privacidad', en: 'Privacy' },
  privacyIntro: {
    es: 'Ninguna lectura devuelve documentos de identidad, contactos de voluntarios ni envíos sin aprobar. El nombre y el WhatsApp de un registro se publican solo con consentimiento.',
    en: 'No read returns identity documents, volunteers’ contacts or unapproved submissions. A record’s name and WhatsApp are published only with consent.',
  },
  privacyLink: { es: 'Qué se publica y qué no', en: 'What is published and what is not' },
  // The reference page.
  refTitle: { es: 'Referencia de la API', en: 'API reference' },
  refSummary: {
    es: 'Cada ruta de la API con sus parámetros, cuerpos, respuestas, ejemplos y esquemas, leída del documento OpenAPI {version}.',
    en: 'Every API path with its parameters, bodies, responses, examples and schemas, read from the OpenAPI {version} document.',
  },
  refIntro: {
    es: 'Esta página se genera del mismo documento que sirve {openapi}; los textos del documento están en español.',
    en: 'This page is generated from the same document served at {openapi}; the document’s texts are in Spanish.',
  },
  refBack: { es: 'Volver a Desarrolladores', en: 'Back to Developers' },
  refContents: { es: 'Contenido', en: 'Contents' },
  refSchemasTitle: { es: 'Esquemas', en: 'Schemas' },
  refServer: { es: 'Servidor', en: 'Server' },
  refOperationId: { es: 'operationId', en: 'operationId' },
  refTags: { es: 'Etiquetas', en: 'Tags' },
  refParameters: { es: 'Parámetros', en: 'Parameters' },
  refBody: { es: 'Cuerpo', en: 'Body' },
  refResponses: { es: 'Respuestas', en: 'Responses' },
  refExample: { es: 'Ejemplo: {name}', en: 'Example: {name}' },
  refTry: { es: 'Probar', en: 'Try it' },
  colName: { es: 'Nombre', en: 'Name' },
  colIn: { es: 'En', en: 'In' },
  colType: { es: 'Tipo', en: 'Type' },
  colRequired: { es: 'Obligatorio', en: 'Required' },
  colDescription: { es: 'Descripción', en: 'Description' },
  colContent: { es: 'Contenido', en: 'Content' },
  colField: { es: 'Campo', en: 'Field' },
  yes: { es: 'sí', en: 'yes' },
  no: { es: 'no', en: 'no' },
  oneOf: { es: 'Una de: {types}.', en: 'One of: {types}.' },
} as const;
