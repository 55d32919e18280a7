// Response shapes of GET /api/public/v1/help (SPEC 2.6-2.8), with every inner object spelled out.
import * as z from 'zod';
import { CONTACT_CHANNELS } from '../channels/adapters.ts';
import { categories } from '../domain/categories.ts';
import { confirmationFilters, confirmationStates } from '../domain/confirmation.ts';
import { precisions } from '../domain/public-place.ts';
import {
  collectionCenterStatuses,
  commitmentFilters,
  emergencyStatuses,
  helpTypes,
  operationalStatuses,
  recordStatuses,
  urgencies,
} from '../domain/statuses.ts';
import { isoDateTime } from './common.ts';

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();

export const emergencySummary = z
  .object({
    slug: z.string().describe('Identificador de la emergencia.'),
    name: z.string().describe('Nombre público.'),
    status: z.enum(emergencyStatuses).describe('active: recibe publicaciones; closed: cerrada.'),
  })
  .meta({ id: 'EmergencySummary', description: 'La emergencia a la que pertenece el registro.' });

export const location = z
  .object({
    address: nullableString.describe(
      'Dirección o referencia del lugar. null con ubicación aproximada: la dirección de una solicitud o de un ' +
        'ofrecimiento solo se publica si quien lo envió pidió mostrar su ubicación exacta, o en un centro de acopio.',
    ),
    neighborhood: nullableString.describe('Barrio o vereda, como lo escribió quien envió.'),
    latitude: nullableNumber.describe(
      'Latitud WGS84 del punto público; null si el ofrecimiento no dio ubicación. Con ubicación aproximada es ' +
        'el centro de la celda de una cuadrícula de 0,0027° (unos 300 m) que contiene el punto enviado: siempre el ' +
        'mismo para el mismo punto.',
    ),
    longitude: nullableNumber.describe('Longitud WGS84 del punto público (ver latitude).'),
    precision: z
      .enum(precisions)
      .describe(
        'Qué tan preciso es el punto público. exact: el punto enviado (centros de acopio, y solicitudes u ' +
          'ofrecimientos cuyo remitente pidió mostrar su ubicación exacta). approximate: por defecto (los ' +
          'ofrecimientos desde el 2026-11-27); punto redondeado a unos 300 m, sin dirección, o ningún punto ' +
          '(latitude null) si no se dio lugar. municipality: lugares conocidos solo por su municipio.',
      ),
    municipalityCode: nullableString
      .describe('Código DIVIPOLA (DANE) del municipio, de 5 dígitos; null sin ubicación.')
      .meta({ examples: ['86001'] }),
    municipality: nullableString
      .describe('Municipio y departamento (DIVIPOLA, crédito: DANE); null sin ubicación.')
      .meta({ examples: ['Mocoa, Putumayo'] }),
    distanceKm: nullableNumber.describe(
      'Distancia en km desde el punto de búsqueda (latitude/longitude de la consulta) hasta el punto público, ' +
        'si se filtró por lugar; el filtro por radio también usa el punto público. null sin punto de búsqueda, y ' +
        'para un registro ubicado solo por el municipio más cercano al punto de búsqueda (precision municipality): ' +
        'su lugar es todo el municipio, así que aparece sea cual sea el radio, sin distancia, y con sort=distance ' +
        'después de todos los registros medidos.',
    ),
    mapUrl: z.url().nullable().describe('Enlace a OpenStreetMap centrado en el punto público.'),
  })
  .meta({
    id: 'Location',
    description:
      'El lugar público del registro. Las solicitudes y los ofrecimientos muestran por defecto un punto ' +
      'aproximado (unos 300 m), el barrio o vereda y el municipio, nunca la dirección; el lugar exacto lo ven solo ' +
      'los líderes de la emergencia, salvo que quien envió pidiera mostrarlo (showExactLocation). Un centro de ' +
      'acopio se publica en su lugar exacto.',
  });

export const contact = z
  .object({
    name: z.string().describe('Nombre de contacto, publicado con consentimiento explícito.'),
    whatsapp: z.string().describe('WhatsApp en formato E.164.'),
    whatsappUrl: z.url().describe('Enlace https://wa.me/ para escribir directamente.'),
    channel: z
      .enum(CONTACT_CHANNELS)
      .describe(
        'Cómo llegó la persona (desde el 2026-11-27): whatsapp o sms cuando llegó por una conversación de ese canal; ' +
          'unknown para cualquier otra entrada. Con sms el número puede no tener WhatsApp: ofrezca llamar o un SMS ' +
          '(tel:, sms:) en lugar de whatsappUrl.',
      ),
  })
  .meta({ id: 'Contact', description: 'Solo en registros aprobados cuyo remitente aceptó publicar su contacto.' });

export const quantities = z
  .object({
    people: z
      .int()
      .nullable()
      .describe(
        'Personas afectadas (neededPeople); 1 por defecto (SPEC 2.3) cuando la persona no lo dijo: vea peopleGiven. ' +
          'Las herramientas MCP dan null en ese caso.',
      ),
    peopleGiven: z
      .boolean()
      .describe(
        'Desde el 2026-11-28. true cuando la persona dijo cuántas personas están afectadas; false cuando people es el ' +
          '1 por defecto porque no lo dijo (las conversaciones por WhatsApp y SMS no lo preguntan, y el formulario, ' +
          'la API y Kobo lo permiten omitir). Las páginas, sus gemelos Markdown y las exportaciones HXL no muestran el número cuando es false.',
      ),
    required: nullableNumber.describe('Cantidad requerida.'),
    covered: z.number().describe('Cantidad ya cubierta.'),
    pending: nullableNumber.describe('Cantidad que falta (required - covered, mínimo 0).'),
    unit: nullableString.describe('Unidad de las cantidades.'),
    coveredFraction: nullableNumber.describe('Fracción cubierta entre 0 y 1; null sin cantidad requerida.'),
    committed: z
      .number()
      .describe(
        'Lo comprometido por personas que dijeron "voy a llevar" y aún no confirmaron la entrega (compromisos ' +
          'abiertos). No cambia covered, pending ni la prioridad: se suma a covered solo cuando se confirma la entrega.',
      ),
    uncommitted: nullableNumber.describe(
      'Lo que falta y nadie ha comprometido: pending - committed, mínimo 0; null sin cantidad requerida. Un ' +
        'compromiso nuevo no puede pasar de esto.',
    ),
    pledges: z
      .int()
      .describe('Compromisos abiertos; en una solicitud sin cantidad es la única medida ("llevaré algo").'),
  })
  .meta({ id: 'Quantities', description: 'Cantidades de una solicitud; null en ofrecimientos.' });

export const resourceLine = z
  .object({
    label: z.string().describe('Qué se necesita.'),
    category: z.enum(categories),
    quantityRequired: nullableNumber,
    quantityCovered: z.number(),
    quantityPending: nullableNumber,
    unit: nullableString,
  })
  .meta({ id: 'ResourceLine' });

export const verification = z
  .object({
    verified: z.boolean().describe('true: el equipo de la emergencia revisó y aprobó el registro.'),
    verifiedBy: z.string().describe('Quién verificó: siempre el equipo de la emergencia, nunca una persona.'),
    verifiedAt: isoDateTime.nullable().describe('Cuándo se aprobó.'),
    method: z.literal('leader_review').describe('Revisión manual por líderes de la emergencia.'),
  })
  .meta({ id: 'Verification' });

export const confirmation = z
  .object({
    state: z
      .enum(confirmationStates)
      .describe(
        'current: confirmado hace poco como vigente. to_confirm ("por confirmar"): nadie lo confirma desde hace ' +
          'RECONFIRM_AFTER_HOURS (72 por defecto); se muestra con su antigüedad. expired: tampoco en las ' +
          'EXPIRE_AFTER_HOURS siguientes (72): sale de las listas, el mapa y los conteos (se ve solo pidiéndolo con ' +
          'confirmation=expired o all, o por su id) hasta que se confirme de nuevo. Un registro completado está siempre ' +
          'current.',
      ),
    confirmedAt: isoDateTime
      .nullable()
      .describe(
        'Última confirmación de que sigue vigente: al publicarse o aprobarse un cambio, cuando quien lo envió lo ' +
          'confirma con su código de recibo, cuando un líder lo confirma o cambia su estado, y, en un centro de ' +
          'acopio, cada vez que actualiza su inventario.',
      ),
  })
  .meta({
    id: 'Confirmation',
    description: 'Si la necesidad u oferta sigue vigente. No cambia status (SPEC): es un dato aparte.',
  });

export const logistics = z
  .object({
    deliverable: z.boolean().describe('Solicitud activa, con ubicación, a la que aún le falta algo por entregar.'),
    pendingQuantity: nullableNumber.describe('Cantidad pendiente por entregar.'),
    unit: nullableString,
    needsTransport: z.boolean().nullable().describe('Ofrecimiento que necesita recogida y coordinación.'),
    vehicle: nullableString,
    capacityKg: nullableNumber,
    capacityBoxes: z.int().nullable(),
    passengerCapacity: z.int().nullable(),
    zones: nullableString,
    availableUntil: z.iso.date().nullable(),
    availableRoutes: z.int().describe('Rutas logísticas disponibles hacia esta solicitud.'),
  })
  .meta({ id: 'Logistics', description: 'Datos para coordinar transporte; null cuando no aplica.' });

export const collectionCenter = z
  .object({
    status: z.enum(collectionCenterStatuses),
    statusLabel: z.string(),
    inventoryUrl: z.url().describe('Inventario del centro en la API (GET /api/public/v1/inventario).'),
  })
  .meta({ id: 'CollectionCenter', description: 'Presente si el ofrecimiento es un centro de acopio.' });

export const timelineKinds = [
  'submitted',
  'approved',
  'revision_approved',
  'status_changed',
  'coverage_updated',
  'pledged',
  'pledge_reported',
  'pledge_delivered',
  'pledge_released',
  'pledge_disputed',
] as const;

export const timelineItem = z
  .object({
    at: isoDateTime,
    kind: z.enum(timelineKinds),
    label: z.string().describe('Descripción en español.'),
    note: nullableString.describe('Nota pública del equipo de la emergencia.'),
    status: z.enum(recordStatuses).nullable().describe('Estado tras el evento, si cambió.'),
    quantity: nullableNumber.describe(
      'La cantidad de la que habla un evento de compromiso (pledged: comprometida; pledge_reported: entregada según ' +
        'quien la llevó, sin confirmar, y aún no cubierta; pledge_delivered: entregada y confirmada; ' +
        'pledge_released: liberada al cancelarse o vencer; pledge_disputed: restada de lo cubierto), en la unidad ' +
        'de la solicitud (o en la de unit); null en los demás eventos y en compromisos sin cantidad. Nunca dice quién.',
    ),
    unit: nullableString.describe(
      'La unidad de quantity cuando no es la de la solicitud: una entrega en otra unidad (15 cajas a una solicitud ' +
        'en kg), que no suma a lo cubierto hasta que un líder la convierte; null en los demás casos.',
    ),
  })
  .meta({ id: 'TimelineItem' });

export const publicHelp = z
  .object({
    id: z.uuid(),
    type: z.enum(helpTypes),
    emergency: emergencySummary,
    title: z.string(),
    description: z.string(),
    category: z.enum(categories),
    categoryLabel: z.string(),
    urgency: z.enum(urgencies),
    status: z.enum(recordStatuses),
    operationalStatus: z
      .enum(operationalStatuses)
      .describe(
        'Solicitudes: unattended, partially_covered, covered, in_transit (en proceso), delivered (completada). ' +
          'Ofrecimientos: available, committed (en proceso), closed (completado).',
      ),
    priorityScore: z.number().min(0).max(100).describe('0 a 100; ver info.x-priority-formula.'),
    location,
    contact,
    quantities: quantities.nullable(),
    resources: z.array(resourceLine),
    verification,
    confirmation,
    logistics: logistics.nullable(),
    collectionCenter: collectionCenter.nullable(),
    timeline: z.array(timelineItem),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    publicUrl: z.url().describe('Página pública del registro.'),
  })
  .meta({ id: 'PublicHelp', description: 'Un registro publicado (aprobado por el equipo de la emergencia).' });

export const helpFilters = z
  .object({
    emergencySlug: nullableString,
    type: z.enum(['all', ...helpTypes]),
    status: z.enum(['all', ...recordStatuses]),
    category: z.enum(categories).nullable(),
    priority: z.enum(['all', 'urgent', 'deficit', 'near_covered']),
    q: nullableString,
    latitude: nullableNumber,
    longitude: nullableNumber,
    radiusKm: nullableNumber,
    logistics: z.boolean(),
    capacity: nullableNumber,
    limit: z.int(),
    municipalityCode: nullableString.describe('Código DIVIPOLA del municipio filtrado; null sin ese filtro.'),
    commitment: z.enum(commitmentFilters).describe('uncommitted: solo lo que aún nadie se comprometió a llevar.'),
    confirmation: z
      .enum(confirmationFilters)
      .describe('not_expired (por defecto), all, current, to_confirm o expired.'),
  })
  .meta({ id: 'HelpFilters', description: 'Los filtros aplicados, con sus valores por defecto.' });

export const helpList = z
  .object({
    generatedAt: isoDateTime,
    total: z.int().describe('Registros que cumplen los filtros.'),
    returned: z.int().describe('Registros en items (como mucho limit).'),
    filters: helpFilters,
    items: z.array(publicHelp),
    nextCursor: nullableString.describe(
      'Para pedir los registros que siguen (parámetro cursor, con los mismos filtros); null si no hay más.',
    ),
  })
  .meta({ id: 'HelpList' });

export const mapPoint = z
  .object({
    id: z.string(),
    latitude: z.number().describe('Latitud del punto público (el mismo de location.latitude).'),
    longitude: z.number().describe('Longitud del punto público.'),
    precision: z.enum(precisions),
    type: z.enum(helpTypes),
    category: z.enum(categories),
    urgency: z.enum(urgencies),
  })
  .meta({
    id: 'MapPoint',
    description: 'Un registro publicado en el mapa: su punto público, nunca el exacto de una solicitud aproximada.',
  });

export const mapCluster = z
  .object({
    latitude: z.number().describe('Centro (promedio) de los puntos de la celda.'),
    longitude: z.number(),
    count: z.int().min(2).describe('Registros de la celda.'),
  })
  .meta({ id: 'MapCluster', description: 'Varios registros cercanos, contados en una celda de la cuadrícula.' });

export const mapPoints = z
  .object({
    generatedAt: isoDateTime,
    total: z.int().describe('Registros con punto público que cumplen los filtros y caen en bbox.'),
    clustered: z
      .boolean()
      .describe('true si eran demasiados para enviarlos uno a uno: los cercanos vienen agrupados en clusters.'),
    points: z.array(mapPoint),
    clusters: z.array(mapCluster),
  })
  .meta({ id: 'MapPoints' });

export const helpDetail = z.object({ generatedAt: isoDateTime, item: publicHelp }).meta({ id: 'HelpDetail' });

const statusCounts = z.object({
  active: z.int(),
  in_process: z.int(),
  completed: z.int(),
  total: z.int(),
});

export const panoramaCounts = z
  .object({
    requests: statusCounts,
    offers: statusCounts,
    urgentRequests: z.int().describe('Solicitudes activas con urgencia urgent.'),
    collectionCenters: z.int().describe('Centros de acopio publicados.'),
    byCategory: z.array(
      z.object({ category: z.enum(categories), label: z.string(), requests: z.int(), offers: z.int() }),
    ),
  })
  .meta({ id: 'PanoramaCounts', description: 'Registros publicados, no completados salvo en las columnas de estado.' });

export const panoramaQuantities = z
  .object({
    byCategory: z.array(
      z.object({
        category: z.enum(categories),
        label: z.string(),
        unit: z.string(),
        required: z.number(),
        covered: z.number(),
        pending: z.number(),
        requests: z.int(),
      }),
    ),
  })
  .meta({
    id: 'PanoramaQuantities',
    description: 'Cantidades de solicitudes activas o en proceso, por categoría y unidad.',
  });

export const panoramaRoutes = z
  .object({
    available: z.int(),
    assigned: z.int(),
    in_transit: z.int(),
    delivered: z.int(),
    cancelled: z.int(),
    total: z.int(),
  })
  .meta({ id: 'PanoramaRoutes', description: 'Rutas logísticas por estado.' });

/** Fields every view gives about an emergency. */
const emergencyFields = {
  slug: z.string(),
  name: z.string(),
  status: z.enum(emergencyStatuses),
  latitude: nullableNumber,
  longitude: nullableNumber,
  startedAt: isoDateTime,
};

export const panoramaEmergency = z
  .object({
    ...emergencyFields,
    counts: panoramaCounts,
    quantities: panoramaQuantities,
    routes: panoramaRoutes,
    urgentNeeds: z
      .array(
        z.object({
          id: z.uuid(),
          title: z.string(),
          category: z.enum(categories),
          priorityScore: z.number(),
          publicUrl: z.url(),
        }),
      )
      .describe('Las solicitudes activas de mayor prioridad (hasta 5).'),
    links: z.object({ list: z.url(), page: z.url() }),
  })
  .meta({ id: 'PanoramaEmergency' });

export const panorama = z
  .object({
    generatedAt: isoDateTime,
    emergencies: z.array(panoramaEmergency),
    counts: panoramaCounts,
    quantities: panoramaQuantities,
    routes: panoramaRoutes,
  })
  .meta({ id: 'Panorama', description: 'Resumen de las emergencias activas (o de la indicada en emergencySlug).' });

export const discoveryEmergency = z
  .object({
    ...emergencyFields,
    links: z.object({ panorama: z.url(), list: z.url(), inventory: z.url(), logistics: z.url(), page: z.url() }),
  })
  .meta({ id: 'DiscoveryEmergency' });

export const discovery = z
  .object({
    name: z.string(),
    version: z.string(),
    public: z.boolean(),
    documentation: z.url(),
    openapi: z.url(),
    mcp: z.url(),
    views: z
      .object({
        discovery: z.url(),
        panorama: z.url(),
        list: z.url(),
        detail: z.string().describe('Plantilla: reemplace {id}.'),
        inventory: z.url(),
        logistics: z.string().describe('Plantilla: reemplace {emergencia}.'),
        places: z.url(),
        submit: z.object({ method: z.literal('POST'), url: z.url(), contentType: z.literal('application/json') }),
      })
      .meta({ id: 'DiscoveryViews' }),
    capabilities: z.array(z.string()),
    limits: z.object({
      submissionsPerMinute: z.int(),
      readsPerMinute: z.int(),
      bodyBytes: z.int(),
      listLimitMax: z.int(),
      radiusKmMax: z.number(),
    }),
    emergencies: z.array(discoveryEmergency),
  })
  .meta({ id: 'Discovery' });

export type PublicHelp = z.infer<typeof publicHelp>;
export type HelpList = z.infer<typeof helpList>;
export type HelpFilters = z.infer<typeof helpFilters>;
export type MapPoints = z.infer<typeof mapPoints>;
export type Panorama = z.infer<typeof panorama>;
export type PanoramaCounts = z.infer<typeof panoramaCounts>;
export type PanoramaQuantities = z.infer<typeof panoramaQuantities>;
export type PanoramaRoutes = z.infer<typeof panoramaRoutes>;
export type Discovery = z.infer<typeof discovery>;
export type TimelineItem = z.infer<typeof timelineItem>;
