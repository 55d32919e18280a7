// The error catalogue: every stable code the service answers with, its HTTP status and its message.
export type Lang = 'es' | 'en';

/** A sentence for people in both languages, for code that does not know the reader's language. */
export interface Sentence {
  readonly es: string;
  readonly en: string;
}

/**
 * One problem in an error body: the field, a stable code, a sentence for people, and the documented extras. A value
 * the caller sent goes in `value`, never in the sentence.
 */
export interface ErrorDetail {
  field: string;
  code: string;
  message: string;
  /** What was sent (or found) in the field, when it helps to see it. */
  value?: string | number | boolean | null;
  /** emergency_required: the active emergencies' slugs. */
  slugs?: readonly string[];
  /** A limit that was reached (rate limits, open pledges or route offers, helpers' daily limits). */
  limit?: number;
  /** rate_limited: seconds until the window renews. */
  retryAfterSeconds?: number;
  /** pledge_exceeds_pending: how much is still open, and in which unit. */
  uncommitted?: number;
  unit?: string | null;
  /** The largest value accepted. */
  max?: number;
  /** cursor_expired: the oldest cursor still valid. */
  oldestCursor?: string;
  /** invalid_transition: the route's status and the one asked for. */
  from?: string;
  to?: string;
  /** stale_version: the record, the version reviewed and the current one. */
  id?: string;
  expected?: number;
  current?: number;
  /** consent_confirmation_required: the link that opens the submission on the website. */
  url?: string;
}

/** A detail as code writes it: its sentence may come in both languages, chosen when the body is written. */
export type DetailInput = Omit<ErrorDetail, 'message'> & { message: string | Sentence };

/** The details in one language. */
export function detailsIn(details: readonly DetailInput[], lang: Lang): ErrorDetail[] {
  return details.map((d) => (typeof d.message === 'string' ? (d as ErrorDetail) : { ...d, message: d.message[lang] }));
}

const catalogue = {
  validation_failed: { status: 400, es: 'Los datos enviados no son válidos.', en: 'The submitted data is invalid.' },
  invalid_query: {
    status: 400,
    es: 'Los filtros de la consulta no son válidos.',
    en: 'The query filters are invalid.',
  },
  invalid_json: { status: 400, es: 'El cuerpo no es JSON válido.', en: 'The body is not valid JSON.' },
  json_too_deep: {
    status: 400,
    es: 'El JSON tiene demasiados niveles de anidamiento (máximo 32).',
    en: 'The JSON is nested too deeply (at most 32 levels).',
  },
  duplicate_json_key: {
    status: 400,
    es: 'El JSON repite un mismo campo dentro de un objeto.',
    en: 'The JSON repeats a field inside one object.',
  },
  mcp_session_required: {
    status: 400,
    es: 'Falta la cabecera Mcp-Session-Id: inicie una sesión MCP con initialize.',
    en: 'The Mcp-Session-Id header is missing: open an MCP session with initialize.',
  },
  mcp_protocol_version: {
    status: 400,
    es: 'La cabecera MCP-Protocol-Version indica una versión que este servidor no admite.',
    en: 'The MCP-Protocol-Version header names a version this server does not support.',
  },
  empty_body: { status: 400, es: 'Falta el cuerpo de la solicitud.', en: 'The request body is missing.' },
  consent_required: {
    status: 400,
    es: 'Debe aceptar que su nombre y WhatsApp se publiquen (publishContact: true).',
    en: 'Consent to publish the contact name and WhatsApp is required (publishContact: true).',
  },
  emergency_required: {
    status: 400,
    es: 'Hay varias emergencias activas: indique emergencySlug.',
    en: 'Several emergencies are active: give emergencySlug.',
  },
  unknown_emergency: {
    status: 400,
    es: 'La emergencia indicada no existe.',
    en: 'The given emergency does not exist.',
  },
  emergency_closed: {
    status: 400,
    es: 'La emergencia indicada está cerrada y no recibe publicaciones.',
    en: 'The given emergency is closed and takes no submissions.',
  },
  no_active_emergency: {
    status: 400,
    es: 'No hay ninguna emergencia activa que reciba publicaciones.',
    en: 'No emergency is active to take submissions.',
  },
  emergency_change_not_allowed: {
    status: 400,
    es: 'Una publicación no puede pasar a otra emergencia; envíe una publicación nueva para esa emergencia.',
    en: 'A submission cannot move to another emergency; send a new submission for that emergency.',
  },
  weak_password: {
    status: 400,
    es: 'La contraseña es demasiado débil.',
    en: 'The password is too weak.',
  },
  result_too_large: {
    status: 400,
    es: 'La respuesta sería demasiado grande: pida menos (baje limit o añada filtros).',
    en: 'The answer would be too large: ask for less (lower limit or add filters).',
  },
  invalid_idempotency_key: {
    status: 400,
    es: 'La cabecera Idempotency-Key debe tener de 1 a 255 caracteres ASCII visibles.',
    en: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  },
  invalid_transition: {
    status: 409,
    es: 'Ese cambio de estado no está permitido desde el estado actual.',
    en: 'That status change is not allowed from the current status.',
  },
  not_a_collection_center: {
    status: 409,
    es: 'El registro no es un centro de acopio publicado.',
    en: 'The record is not a published collection centre.',
  },
  not_a_published_request: {
    status: 409,
    es: 'El destino debe ser una solicitud publicada con ubicación.',
    en: 'The destination must be a published request with a location.',
  },
  account_exists: {
    status: 409,
    es: 'Ya existe una cuenta con ese correo.',
    en: 'An account with that e-mail already exists.',
  },
  source_key_required: {
    status: 401,
    es: 'Este source es una integración registrada: envíe su clave en Authorization: Bearer <clave>.',
    en: 'This source is a registered integration: send its key as Authorization: Bearer <key>.',
  },
  reserved_source: {
    status: 400,
    es: 'Ese source es del propio servicio (web, whatsapp, sms, mcp, kobo:…): envíe con el nombre de su integración.',
    en: 'That source belongs to the service itself (web, whatsapp, sms, mcp, kobo:…): send under your integration’s name.',
  },
  source_conflict: {
    status: 409,
    es: 'Ya existe otra publicación con ese source y externalId; para cambiarla envíe su editToken (Authorization: Bearer <editToken>) o use otro externalId.',
    en: 'Another submission already has that source and externalId; to change it send its editToken (Authorization: Bearer <editToken>) or use another externalId.',
  },
  stale_version: {
    status: 409,
    es: 'La publicación cambió desde que la abrió: revise el contenido nuevo antes de decidir.',
    en: 'The submission changed since you opened it: review the new content before deciding.',
  },
  source_exists: {
    status: 409,
    es: 'Ya hay una integración registrada con ese nombre.',
    en: 'An integration with that name is already registered.',
  },
  source_not_found: {
    status: 404,
    es: 'No hay una integración registrada con ese nombre.',
    en: 'No integration is registered with that name.',
  },
  password_reset_invalid: {
    status: 404,
    es: 'El enlace para cambiar la contraseña no existe, ya se usó o venció.',
    en: 'The password link does not exist, was already used or has expired.',
  },
  wrong_password: {
    status: 400,
    es: 'La contraseña actual no es correcta.',
    en: 'The current password is wrong.',
  },
  too_many_streams: {
    status: 429,
    es: 'Demasiados flujos de eventos abiertos; cierre alguno antes de abrir otro.',
    en: 'Too many open event streams; close one before opening another.',
  },
  invalid_credentials: {
    status: 401,
    es: 'Correo o contraseña incorrectos.',
    en: 'Wrong e-mail or password.',
  },
  login_throttled: {
    status: 429,
    es: 'Demasiados intentos fallidos de ingreso; espere unos minutos e intente de nuevo.',
    en: 'Too many failed sign-in attempts; wait a few minutes and try again.',
  },
  csrf_failed: {
    status: 403,
    es: 'El formulario caducó o no vino de este sitio; recargue la página e intente de nuevo.',
    en: 'The form expired or did not come from this site; reload the page and try again.',
  },
  forbidden: {
    status: 403,
    es: 'Su cuenta no tiene acceso a esta emergencia.',
    en: 'Your account has no access to this emergency.',
  },
  edit_link_invalid: {
    status: 404,
    es: 'El enlace de edición no existe o fue revocado.',
    en: 'The edit link does not exist or was revoked.',
  },
  inventory_line_not_found: {
    status: 404,
    es: 'No existe esa línea de inventario.',
    en: 'No such inventory line.',
  },
  logistics_operation_not_found: {
    status: 404,
    es: 'No existe esa operación logística.',
    en: 'No such logistics operation.',
  },
  forbidden_origin: {
    status: 403,
    es: 'El origen o el host de la petición no corresponden a este servicio.',
    en: 'The request origin or host does not belong to this service.',
  },
  mcp_session_not_found: {
    status: 404,
    es: 'La sesión MCP no existe o expiró: inicie otra con initialize.',
    en: 'The MCP session does not exist or has expired: open another with initialize.',
  },
  help_withdrawn: {
    status: 409,
    es: 'Esta publicación fue retirada y sus datos personales borrados: no se puede volver a cambiar. Envíe una nueva si hace falta.',
    en: 'This submission was withdrawn and its personal data erased: it cannot be changed again. Send a new one if needed.',
  },
  cursor_expired: {
    status: 410,
    es: 'El cursor es más antiguo que lo que el historial de cambios guarda; details da el más antiguo válido.',
    en: 'The cursor is older than the change history keeps; details give the oldest valid one.',
  },
  pledge_exceeds_pending: {
    status: 409,
    es: 'Lo que ofrece llevar pasa de lo que aún falta y nadie ha comprometido; details indica cuánto queda abierto.',
    en: 'The pledge exceeds what is still missing and not yet pledged; details say how much is still open.',
  },
  not_pledgeable: {
    status: 409,
    es: 'Esta ayuda no recibe compromisos: solo las solicitudes publicadas, sin completar, de una emergencia activa.',
    en: 'This record takes no pledges: only published, unfinished requests of an active emergency do.',
  },
  too_many_open_pledges: {
    status: 429,
    es: 'Ya tiene demasiados compromisos abiertos en esta emergencia: confirme o cancele alguno antes de hacer otro.',
    en: 'Too many open pledges in this emergency: confirm or cancel one before making another.',
  },
  export_busy: {
    status: 429,
    es: 'El servicio está preparando otras exportaciones: inténtelo de nuevo en unos segundos.',
    en: 'The service is building other exports: try again in a few seconds.',
  },
  helper_limit_reached: {
    status: 429,
    es:
      'Este número o esta conexión ya hizo muchos compromisos u ofrecimientos de rutas en las últimas 24 horas: ' +
      'inténtelo más tarde, o hable con el equipo de la emergencia.',
    en: 'This number or this connection made many pledges or route offers in the last 24 hours: try again later, or talk to the emergency’s team.',
  },
  pledge_not_found: {
    status: 404,
    es: 'No existe un compromiso con ese código.',
    en: 'No pledge has that code.',
  },
  pledge_closed: {
    status: 409,
    es: 'Ese compromiso ya no está abierto (entregado, cancelado o vencido).',
    en: 'That pledge is no longer open (delivered, cancelled or expired).',
  },
  route_not_found: {
    status: 404,
    es: 'No existe una ruta logística con ese id.',
    en: 'No logistics route has that id.',
  },
  route_not_available: {
    status: 409,
    es: 'Esa ruta ya no está disponible: otra persona la lleva, ya salió o se canceló.',
    en: 'That route is no longer available: someone else is taking it, it left or it was cancelled.',
  },
  too_many_open_claims: {
    status: 429,
    es: 'Ya tiene demasiados ofrecimientos de transporte abiertos en esta emergencia: espere la respuesta del equipo.',
    en: 'Too many open transport offers in this emergency: wait for the team to answer.',
  },
  route_claim_not_found: {
    status: 404,
    es: 'No existe un ofrecimiento de transporte con ese código.',
    en: 'No transport offer has that code.',
  },
  route_claim_closed: {
    status: 409,
    es: 'Ese ofrecimiento no permite ese paso: la ruta no es suya (aún no se aceptó, o no se aceptó) o ya pasó por él.',
    en: 'That offer does not allow that step: the route is not yours (not accepted yet, or declined) or it is past it.',
  },
  help_not_found: {
    status: 404,
    es: 'No existe una ayuda publicada con ese id.',
    en: 'No published aid record has that id.',
  },
  not_found: { status: 404, es: 'No encontrado.', en: 'Not found.' },
  method_not_allowed: { status: 405, es: 'Método no permitido.', en: 'Method not allowed.' },
  idempotency_key_in_flight: {
    status: 409,
    es: 'Una solicitud con la misma Idempotency-Key todavía se está procesando; reintente en unos segundos.',
    en: 'A request with the same Idempotency-Key is still being processed; retry in a few seconds.',
  },
  invalid_state: {
    status: 409,
    es: 'La operación no es posible en el estado actual del registro.',
    en: 'The operation is not possible in the record’s current state.',
  },
  payload_too_large: {
    status: 413,
    es: 'La solicitud es demasiado grande.',
    en: 'The request is too large.',
  },
  unsupported_media_type: {
    status: 415,
    es: 'Se requiere Content-Type: application/json.',
    en: 'Content-Type: application/json is required.',
  },
  idempotency_key_reused: {
    status: 422,
    es: 'La Idempotency-Key ya se usó con otro contenido.',
    en: 'The Idempotency-Key was already used with a different body.',
  },
  rate_limited: {
    status: 429,
    es: 'Límite temporal alcanzado; reintente más tarde.',
    en: 'Temporary limit reached; retry later.',
  },
  inventory_unavailable: {
    status: 500,
    es: 'No se pudo leer el inventario.',
    en: 'The inventory could not be read.',
  },
  internal_error: { status: 500, es: 'Error interno del servidor.', en: 'Internal server error.' },
  service_unavailable: {
    status: 503,
    es: 'El servicio no está disponible en este momento.',
    en: 'The service is unavailable right now.',
  },
  webhook_url_refused: {
    status: 400,
    es: 'La URL del webhook no se acepta: debe ser http(s), sin usuario ni contraseña, y llevar a una dirección pública (no local, privada ni reservada).',
    en: 'The webhook URL is refused: it must be http(s), without user or password, and reach a public address (not loopback, private or reserved).',
  },
  webhook_not_found: {
    status: 404,
    es: 'No hay un webhook activo con ese id.',
    en: 'No active webhook has that id.',
  },
  webhook_delivery_not_found: {
    status: 404,
    es: 'No hay una entrega de webhook con ese id, o su webhook se quitó.',
    en: 'No webhook delivery has that id, or its webhook was removed.',
  },
  webhook_delivery_not_dead: {
    status: 409,
    es: 'Solo se reenvía una entrega muerta (que agotó sus reintentos); esta sigue en cola o ya se entregó.',
    en: 'Only a dead delivery (out of retries) can be sent again; this one is still queued or was delivered.',
  },
  integration_disabled: {
    status: 404,
    es: 'Esta entrada (KoboToolbox, WhatsApp o SMS) no está activada en este servicio: falta su configuración (KOBO_SECRET, WHATSAPP_* o SMS_*).',
    en: 'This intake (KoboToolbox, WhatsApp or SMS) is not enabled on this service: its settings (KOBO_SECRET, WHATSAPP_* or SMS_*) are missing.',
  },
  integration_unauthorized: {
    status: 401,
    es: 'Falta la firma o el secreto de esta integración, o no es correcto (details nombra su cabecera); no se guardó nada.',
    en: "This integration's signature or secret is missing or wrong (details names its header); nothing was stored.",
  },
  service_busy: {
    status: 503,
    es: 'La base de datos está ocupada o no responde; no se guardó nada. Reintente en unos segundos.',
    en: 'The database is busy or not answering; nothing was stored. Retry in a few seconds.',
  },
  integration_verify_failed: {
    status: 403,
    es: 'La verificación del webhook no coincide: hub.verify_token no es WHATSAPP_VERIFY_TOKEN o falta hub.mode=subscribe.',
    en: 'The webhook verification does not match: hub.verify_token is not WHATSAPP_VERIFY_TOKEN or hub.mode=subscribe is missing.',
  },
  channel_reply_unavailable: {
    status: 409,
    es: 'Este registro no llegó por WhatsApp ni por SMS, se retiró, sus datos se borraron o el canal no está configurado: no se puede responder desde aquí.',
    en: 'This record did not come by WhatsApp or SMS, was withdrawn, had its data erased, or the channel is not configured: it cannot be answered from here.',
  },
  whatsapp_window_closed: {
    status: 409,
    es: 'Pasaron más de 24 horas desde el último mensaje de la persona y no hay plantilla configurada (WHATSAPP_TEMPLATE_NOTICE): WhatsApp no permite enviarle un mensaje libre ahora.',
    en: "More than 24 hours have passed since the person's last message and no template is configured (WHATSAPP_TEMPLATE_NOTICE): WhatsApp does not allow a free-form message now.",
  },
  consent_confirmation_required: {
    status: 403,
    es: 'La persona debe confirmar ella misma qué se publicará, y este cliente no puede preguntárselo: dele el enlace de details (vence en 30 minutos), que abre este envío en el sitio para que lo revise y lo envíe. No se envió nada.',
    en: 'The person must confirm what will be published themselves, and this client cannot ask them: give them the link in details (it expires in 30 minutes), which opens this submission on the website to review and send. Nothing was sent.',
  },
  consent_declined: {
    status: 409,
    es: 'La persona no confirmó que se publiquen su nombre y su WhatsApp: no se envió nada.',
    en: 'The person did not confirm publishing their name and WhatsApp: nothing was sent.',
  },
  consent_expired: {
    status: 410,
    es: 'La confirmación pendiente venció (30 minutos) o ya se usó: vuelva a llamar a la herramienta.',
    en: 'The pending confirmation expired (30 minutes) or was already used: call the tool again.',
  },
} as const satisfies Record<string, { status: number; es: string; en: string }>;

export type ErrorCode = keyof typeof catalogue;
export const errorCodes = Object.keys(catalogue) as ErrorCode[];

export function errorStatus(code: ErrorCode): number {
  return catalogue[code].status;
}

export function errorMessage(code: ErrorCode, lang: Lang): string {
  return catalogue[code][lang];
}

/**
 * The sentences of error details that code writes without knowing the reader's language, by the detail's code.
 * A sentence never repeats what was sent: that goes in the detail's `value`.
 */
export const detailSentences = {
  required: { es: 'Campo obligatorio.', en: 'Required field.' },
  missing_header: { es: 'Falta esta cabecera.', en: 'This header is missing.' },
  invalid_whatsapp: {
    es: 'Número de WhatsApp no válido: use formato internacional con + y código de país (ej. +573001234567).',
    en: 'Invalid WhatsApp number: use international format with + and country code (e.g. +573001234567).',
  },
  not_found: { es: 'No hay nada con ese identificador.', en: 'Nothing has that identifier.' },
  unknown_emergency: { es: 'No hay ninguna emergencia con ese slug.', en: 'No emergency has that slug.' },
  emergency_closed: { es: 'Esa emergencia está cerrada.', en: 'That emergency is closed.' },
  choose_emergency: {
    es: 'Hay varias emergencias activas: elija una de las que lista slugs.',
    en: 'Several emergencies are active: choose one of those listed in slugs.',
  },
  emergency_change_not_allowed: {
    es: 'La emergencia de una publicación no se puede cambiar.',
    en: 'A submission’s emergency cannot be changed.',
  },
  reserved_source: { es: 'Ese source es del propio servicio.', en: 'That source belongs to the service itself.' },
  not_pledgeable: { es: 'Esta ayuda no recibe compromisos.', en: 'This record takes no pledges.' },
  no_quantity_required: {
    es: 'Esta solicitud no pide una cantidad: no envíe quantity.',
    en: 'This request asks for no quantity: do not send quantity.',
  },
  exceeds_uncommitted: {
    es: 'Pasa de lo que aún queda abierto; uncommitted dice cuánto queda.',
    en: 'It exceeds what is still open; uncommitted says how much is left.',
  },
  out_of_range: {
    es: 'Debe ser mayor que 0 y no pasar del valor de max.',
    en: 'Must be greater than 0 and at most the value of max.',
  },
  open_pledges: {
    es: 'Se alcanzó el máximo de compromisos abiertos (limit).',
    en: 'The most open pledges allowed (limit) was reached.',
  },
  open_claims: {
    es: 'Se alcanzó el máximo de ofrecimientos de transporte abiertos (limit).',
    en: 'The most open transport offers allowed (limit) was reached.',
  },
  helpers_24h: {
    es: 'Se alcanzó el máximo de compromisos y ofrecimientos en 24 horas (limit).',
    en: 'The most pledges and offers allowed in 24 hours (limit) was reached.',
  },
  pledge_closed: {
    es: 'El compromiso ya no está abierto; code dice su estado.',
    en: 'The pledge is no longer open; code gives its status.',
  },
  route_not_available: {
    es: 'La ruta ya no está disponible; code dice su estado.',
    en: 'The route is no longer available; code gives its status.',
  },
  route_claim_closed: {
    es: 'El ofrecimiento no permite ese paso; code dice su estado y value el paso pedido.',
    en: 'The offer does not allow that step; code gives its status and value the step asked for.',
  },
  cursor_expired: {
    es: 'El cursor ya no está en el historial; oldestCursor es el más antiguo válido.',
    en: 'The cursor is no longer in the history; oldestCursor is the oldest valid one.',
  },
  unknown_cursor: {
    es: 'El cursor es posterior al último cambio: use uno de una respuesta anterior.',
    en: 'The cursor is past the latest change: use one from a previous answer.',
  },
  rate_limited: {
    es: 'Se alcanzó el límite de peticiones por minuto (limit); reintente en retryAfterSeconds segundos.',
    en: 'The limit of requests a minute (limit) was reached; retry in retryAfterSeconds seconds.',
  },
  export_busy: {
    es: 'Ya se preparan todas las exportaciones que se permiten a la vez (limit); reintente en unos segundos.',
    en: 'As many exports as allowed at once (limit) are being built; retry in a few seconds.',
  },
  syntax: {
    es: 'El cuerpo no se pudo leer como JSON; value dice dónde falló la lectura.',
    en: 'The body could not be read as JSON; value says where reading failed.',
  },
  duplicate_key: {
    es: 'Este campo aparece más de una vez en el mismo objeto.',
    en: 'This field appears more than once in the same object.',
  },
  bad_request: { es: 'La solicitud no es válida; value dice por qué.', en: 'The request is invalid; value says why.' },
  session_not_found: {
    es: 'Esa sesión MCP no existe o expiró.',
    en: 'That MCP session does not exist or has expired.',
  },
  forbidden_origin: {
    es: 'Este origen o este host no pueden usar el servicio.',
    en: 'This origin or host may not use the service.',
  },
  database_unavailable: { es: 'La base de datos no responde.', en: 'The database is not answering.' },
  building: {
    es: 'El índice de búsqueda se está construyendo; reintente en unos segundos.',
    en: 'The search index is being built; retry in a few seconds.',
  },
  consent_link: {
    es: 'Dele a la persona el enlace de url: abre el envío en el sitio para que lo revise y lo envíe.',
    en: 'Give the person the link in url: it opens the submission on the website to review and send.',
  },
  stale_version: {
    es: 'La publicación cambió: expected es la versión revisada y current la actual.',
    en: 'The submission changed: expected is the version reviewed and current the present one.',
  },
  invalid_transition: {
    es: 'Ese cambio de estado no está permitido: from es el estado actual y to el pedido.',
    en: 'That status change is not allowed: from is the current status and to the one asked for.',
  },
  not_a_collection_center: {
    es: 'Ese registro no es un centro de acopio publicado.',
    en: 'That record is not a published collection centre.',
  },
  not_a_published_request: {
    es: 'Ese registro no es una solicitud publicada con ubicación.',
    en: 'That record is not a published request with a location.',
  },
  edit_link_invalid: {
    es: 'El enlace de edición no existe o fue revocado.',
    en: 'The edit link does not exist or was revoked.',
  },
  not_dead: {
    es: 'La entrega no está muerta; value dice su estado.',
    en: 'The delivery is not dead; value gives its status.',
  },
  taken: { es: 'Ese valor ya está en uso.', en: 'That value is already in use.' },
  not_published: { es: 'El registro no está publicado.', en: 'The record is not published.' },
  same_status: { es: 'El registro ya tiene ese estado.', en: 'The record already has that status.' },
  already_closed: { es: 'La emergencia ya está cerrada.', en: 'The emergency is already closed.' },
  invalid_choice: { es: 'No es una de las opciones.', en: 'Not one of the choices.' },
  not_a_number: { es: 'Debe ser un número.', en: 'Must be a number.' },
  not_confirmable: {
    es: 'Esta publicación no espera confirmación.',
    en: 'This submission is not waiting for a confirmation.',
  },
  streams_per_instance: {
    es: 'Esta instancia ya tiene abiertos todos los flujos que admite (limit).',
    en: 'This instance already has as many open streams as it allows (limit).',
  },
  streams_per_client: {
    es: 'Esta dirección de cliente ya tiene abiertos todos los flujos que admite (limit).',
    en: 'This client address already has as many open streams as it allows (limit).',
  },
  streams_per_session: {
    es: 'Esta sesión ya tiene abiertos todos los flujos que admite (limit).',
    en: 'This session already has as many open streams as it allows (limit).',
  },
} as const satisfies Record<string, Sentence>;

export type DetailCode = keyof typeof detailSentences;

/** A detail whose sentence is `sentence`'s; its code is the sentence's unless `extras.code` names another. */
export function detail(
  field: string,
  sentence: DetailCode,
  extras: Partial<Omit<ErrorDetail, 'field' | 'message'>> = {},
): DetailInput {
  return { field, code: sentence, message: detailSentences[sentence], ...extras };
}

/** Codes only the leaders' console, the CLI or an MCP tool result carry: never a status of the public HTTP API. */
const leaderOnlyCodes = new Set<ErrorCode>([
  'invalid_credentials',
  'login_throttled',
  'csrf_failed',
  'forbidden',
  'account_exists',
  'edit_link_invalid',
  'inventory_line_not_found',
  'logistics_operation_not_found',
  'not_a_collection_center',
  'not_a_published_request',
  'invalid_transition',
  'stale_version',
  'weak_password',
  'wrong_password',
  'password_reset_invalid',
  'source_exists',
  'source_not_found',
  'result_too_large',
  'webhook_url_refused',
  'webhook_not_found',
  'webhook_delivery_not_found',
  'webhook_delivery_not_dead',
  'channel_reply_unavailable',
  'whatsapp_window_closed',
  'consent_confirmation_required',
  'consent_declined',
  'consent_expired',
]);

/** Codes only the paths that answer them list (pledges, KoboToolbox): never among a status's general codes. */
const ownPathCodes = new Set<ErrorCode>([
  'cursor_expired',
  'pledge_exceeds_pending',
  'not_pledgeable',
  'too_many_open_pledges',
  'helper_limit_reached',
  'export_busy',
  'pledge_not_found',
  'pledge_closed',
  'route_not_found',
  'route_not_available',
  'too_many_open_claims',
  'route_claim_not_found',
  'route_claim_closed',
  'integration_disabled',
  'integration_unauthorized',
  'integration_verify_failed',
  'service_busy',
]);

/** Codes a given HTTP status of the public API can carry, for the OpenAPI description. */
export function codesForStatus(status: number): ErrorCode[] {
  return errorCodes.filter(
    (code) => catalogue[code].status === status && !leaderOnlyCodes.has(code) && !ownPathCodes.has(code),
  );
}

export class AppError extends Error {
  readonly code: ErrorCode;
  /** The details in Spanish (the console's and the CLI's language); `given` keeps both languages for the API. */
  readonly details: readonly ErrorDetail[];
  readonly given: readonly DetailInput[];
  readonly status: number;
  constructor(code: ErrorCode, details: readonly DetailInput[] = [], message?: string) {
    super(message ?? catalogue[code].en);
    this.code = code;
    this.given = details;
    this.details = detailsIn(details, 'es');
    this.status = catalogue[code].status;
  }
}

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details: ErrorDetail[];
}

/** The body of every error: `details` is always a list, empty when there is nothing to add. */
export function errorBody(code: ErrorCode, lang: Lang, details: readonly DetailInput[] = []): ErrorBody {
  return { error: catalogue[code][lang], code, details: detailsIn(details, lang) };
}
