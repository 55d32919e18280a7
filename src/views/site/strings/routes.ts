// Strings of /rutas (logistics routes).
import { age } from './age.ts';
import { emergencyChoice } from './emergency-choice.ts';
export const routes = {
  ...emergencyChoice,
  title: { es: 'Rutas logísticas', en: 'Logistics routes' },
  titleIn: { es: 'Rutas logísticas: {emergency}', en: 'Logistics routes: {emergency}' },
  summary: {
    es: 'Rutas disponibles para llevar ayuda: qué se lleva, de dónde a dónde, la distancia y el estado de la vía.',
    en: 'Routes open for carrying aid: what goes, from where to where, the distance and the state of the road.',
  },
  summaryIn: {
    es: 'Rutas disponibles para llevar ayuda en {emergency}: qué se lleva, de dónde a dónde, la distancia y el estado de la vía.',
    en: 'Routes open for carrying aid in {emergency}: what goes, from where to where, the distance and the state of the road.',
  },
  intro: {
    es: 'El equipo de la emergencia confirmó el punto de recogida y el destino de cada ruta. El contacto de los voluntarios que las llevan no se publica.',
    en: 'The emergency team confirmed the pickup point and the destination of every route. The contact of the volunteers who carry them is not published.',
  },
  offerTransport: {
    es: '¿Tiene vehículo? Ofrézcalo en «Ofrecer ayuda»',
    en: 'Have a vehicle? Offer it under “Offer help”',
  },
  claimIntro: {
    es: '¿Puede llevar una de estas rutas? Use «Quiero llevar esta ruta»: el equipo de la emergencia decide quién la lleva y le responde.',
    en: 'Can you take one of these routes? Use “I want to take this route”: the emergency team decides who takes it and answers you.',
  },
  claim: { es: 'Quiero llevar esta ruta', en: 'I want to take this route' },
  myRoute: {
    es: '¿Ya se ofreció para llevar una ruta? Vea la respuesta del equipo en {link}.',
    en: 'Already offered to take a route? See the team’s answer at {link}.',
  },
  myRouteLink: { es: 'Mi ruta', en: 'My route' },
  chooseIntro: {
    es: 'Hay varias emergencias activas. Elija de cuál quiere ver las rutas:',
    en: 'Several emergencies are active. Choose whose routes to see:',
  },
  noneActive: { es: 'No hay emergencias activas en este momento.', en: 'No emergency is active right now.' },
  none: {
    es: 'No hay rutas disponibles en este momento.',
    en: 'No route is available right now.',
  },
  count: {
    es: { one: '1 ruta disponible.', other: '{n} rutas disponibles.' },
    en: { one: '1 route available.', other: '{n} routes available.' },
  },
  // A route's title, from what it carries and where to: "Llevar agua a Barrio Obrero".
  routeTitle: { es: 'Llevar {what} a {destination}', en: 'Take {what} to {destination}' },
  routeTitleNoDestination: { es: 'Llevar {what}', en: 'Take {what}' },
  routeName: { es: 'Nombre de la ruta', en: 'Route name' },
  what: { es: 'Qué se lleva', en: 'What goes' },
  quantity: { es: 'Cantidad', en: 'Quantity' },
  pickup: { es: 'Recogida', en: 'Pickup' },
  map: { es: 'Ver en el mapa', en: 'See on the map' },
  destination: { es: 'Destino', en: 'Destination' },
  destinationLink: { es: 'Ver la solicitud', en: 'See the request' },
  distance: { es: 'Distancia', en: 'Distance' },
  distanceKm: { es: '{km} km en línea recta', en: '{km} km as the crow flies' },
  conditions: { es: 'Estado de la vía', en: 'Road conditions' },
  conditionsNone: { es: 'Sin anotaciones', en: 'No notes' },
  since: { es: 'Disponible desde', en: 'Available since' },
  sinceValue: { es: '{date} ({age})', en: '{date} ({age})' },
  notGiven: { es: 'Sin indicar', en: 'Not given' },
  ...age,
  dataTitle: { es: 'Datos abiertos', en: 'Open data' },
  dataJson: { es: 'Estas rutas en JSON', en: 'These routes as JSON' },
  apiCall: {
    es: 'Las mismas rutas con la API (JSON, sin clave; solo rutas en estado available, nunca el contacto del voluntario, canManage siempre false):',
    en: 'The same routes from the API (JSON, no key; only routes in status available, never the volunteer’s contact, canManage always false):',
  },
  back: { es: 'Volver a las rutas logísticas', en: 'Back to the logistics routes' },
} as const;
