// Strings of "Quiero llevar esta ruta": the offer's form at /rutas/:id/llevar, the page with the volunteer's code,
// and /mi-ruta, where the code shows the team's answer and, once the route is theirs, marks it on its way and
// delivered.
export const routeClaim = {
  // The form's page
  pageTitle: { es: 'Quiero llevar esta ruta', en: 'I want to take this route' },
  pageSummary: {
    es: 'Ofrézcase a llevar «{title}»: el equipo de la emergencia decide quién la lleva y le responde.',
    en: 'Offer to take “{title}”: the emergency team decides who takes it and answers you.',
  },
  intro: {
    es: 'Si tiene cómo llevar esta ruta, déjenos sus datos. El equipo de la emergencia revisa los ofrecimientos y acepta a una persona; hasta entonces la ruta sigue disponible.',
    en: 'If you can take this route, leave your details. The emergency team reviews the offers and accepts one person; until then the route stays available.',
  },
  routeTitle: { es: 'La ruta', en: 'The route' },
  name: { es: 'Su nombre', en: 'Your name' },
  nameHelp: { es: 'De 2 a 100 caracteres.', en: '2 to 100 characters.' },
  whatsapp: { es: 'Su WhatsApp', en: 'Your WhatsApp' },
  whatsappHelp: {
    es: 'Un número de Colombia se escribe como siempre, ej. 311 555 0199; uno de otro país, con + y el código del país.',
    en: 'A Colombian number is written as usual, e.g. 311 555 0199; one from another country with + and the country code.',
  },
  whatsappInvalid: {
    es: 'Escriba un número de WhatsApp válido, por ejemplo 311 555 0199.',
    en: 'Type a valid WhatsApp number, for example 311 555 0199.',
  },
  vehicle: { es: 'Vehículo (opcional)', en: 'Vehicle (optional)' },
  vehicleHelp: {
    es: 'En qué la llevaría: moto, camioneta 4x4, lancha…',
    en: 'What you would take it in: motorbike, 4x4 pickup, boat…',
  },
  when: { es: 'Cuándo puede salir', en: 'When you can leave' },
  whenHelp: {
    es: 'Como se lo diría a una persona, por ejemplo «Hoy a las 3 pm».',
    en: 'As you would tell a person, for example “Today at 3 pm”.',
  },
  private: {
    es: 'Su nombre y su WhatsApp solo los ve el equipo de la emergencia, para coordinar la ruta con usted. Nunca se publican: la página de rutas no dice quién lleva cada una.',
    en: 'Your name and WhatsApp are seen only by the emergency team, to coordinate the route with you. They are never published: the routes page does not say who takes each one.',
  },
  send: { es: 'Ofrecerme para llevarla', en: 'Offer to take it' },
  notAvailable: {
    es: 'Esta ruta ya no está disponible: otra persona la lleva, ya salió o se canceló.',
    en: 'This route is no longer available: someone else is taking it, it has left or it was cancelled.',
  },
  notAvailableTitle: { es: 'Esta ruta ya no está disponible', en: 'This route is no longer available' },
  seeRoutes: { es: 'Ver las rutas disponibles', en: 'See the available routes' },
  backToRoutes: { es: 'Volver a las rutas logísticas', en: 'Back to the logistics routes' },
  myRouteLine: {
    es: '¿Ya se ofreció? Vea la respuesta del equipo en {link}.',
    en: 'Already offered? See the team’s answer at {link}.',
  },
  myRouteLink: { es: 'Mi ruta', en: 'My route' },
  openForm: { es: 'Abrir el formulario «Quiero llevar esta ruta»', en: 'Open the “I want to take this route” form' },
  alreadySent: {
    es: 'Este formulario ya se había enviado con otros datos, y ese ofrecimiento sigue igual. Si quiere hacer otro, revise los datos y envíe de nuevo.',
    en: 'This form had already been sent with other details, and that offer stays as it was. To make another, check the details and send again.',
  },
  inFlight: {
    es: 'Su ofrecimiento todavía se está registrando. Espere unos segundos y envíe de nuevo: no se registrará dos veces.',
    en: 'Your offer is still being recorded. Wait a few seconds and send again: it will not be recorded twice.',
  },
  rateLimited: {
    es: 'Se enviaron demasiados formularios seguidos desde su conexión. Espere un minuto y envíe de nuevo.',
    en: 'Too many forms were sent in a row from your connection. Wait a minute and send again.',
  },
  tooManyWhatsapp: {
    es: {
      one: 'Este WhatsApp ya tiene {n} ofrecimiento abierto en esta emergencia. Espere la respuesta del equipo antes de ofrecerse para otra ruta.',
      other:
        'Este WhatsApp ya tiene {n} ofrecimientos abiertos en esta emergencia. Espere la respuesta del equipo antes de ofrecerse para otra ruta.',
    },
    en: {
      one: 'This WhatsApp already has {n} open offer in this emergency. Wait for the team’s answer before offering for another route.',
      other:
        'This WhatsApp already has {n} open offers in this emergency. Wait for the team’s answer before offering for another route.',
    },
  },
  tooManyAddress: {
    es: {
      one: 'Desde esta conexión ya hay {n} ofrecimiento abierto en esta emergencia. Espere la respuesta del equipo antes de ofrecerse para otra ruta.',
      other:
        'Desde esta conexión ya hay {n} ofrecimientos abiertos en esta emergencia. Espere la respuesta del equipo antes de ofrecerse para otra ruta.',
    },
    en: {
      one: 'This connection already holds {n} open offer in this emergency. Wait for the team’s answer before offering for another route.',
      other:
        'This connection already holds {n} open offers in this emergency. Wait for the team’s answer before offering for another route.',
    },
  },

  // The answer: the code
  doneTitle: { es: 'Ofrecimiento enviado', en: 'Offer sent' },
  doneSummary: {
    es: 'Su ofrecimiento llegó al equipo de la emergencia. Guarde el código para ver su respuesta.',
    en: 'Your offer reached the emergency team. Keep the code to see their answer.',
  },
  done: {
    es: 'Gracias: su ofrecimiento llegó al equipo de la emergencia.',
    en: 'Thank you: your offer reached the emergency team.',
  },
  codeTitle: { es: 'Su código', en: 'Your code' },
  codeHelp: {
    es: 'Guárdelo (anótelo o tómele una foto a la pantalla): con él ve la respuesta del equipo en la página Mi ruta ({path}). No lo volveremos a mostrar, y es solo suyo: no lo comparta.',
    en: 'Keep it (write it down or take a picture of the screen): with it you see the team’s answer on the My route page ({path}). We will not show it again, and it is yours alone: do not share it.',
  },
  nextTitle: { es: 'Qué sigue', en: 'What next' },
  next1: {
    es: 'El equipo de la emergencia revisa los ofrecimientos y decide quién lleva la ruta; puede escribirle por WhatsApp para coordinar.',
    en: 'The emergency team reviews the offers and decides who takes the route; they may write to you on WhatsApp to coordinate.',
  },
  next2: {
    es: 'Con el código, en Mi ruta, vea si aceptaron su ofrecimiento.',
    en: 'With the code, on My route, see whether your offer was accepted.',
  },
  next3: {
    es: 'Si lo aceptan, la ruta es suya: márquela allí «En camino» cuando salga y «Entregado» cuando llegue.',
    en: 'If it is accepted, the route is yours: mark it there “On its way” when you leave and “Delivered” when you arrive.',
  },

  // The claim's facts
  fRoute: { es: 'Ruta', en: 'Route' },
  fWhat: { es: 'Qué se lleva', en: 'What goes' },
  fQuantity: { es: 'Cantidad', en: 'Quantity' },
  fPickup: { es: 'Recogida', en: 'Pickup' },
  fDestination: { es: 'Destino', en: 'Destination' },
  fVehicle: { es: 'Vehículo', en: 'Vehicle' },
  fWhen: { es: 'Cuándo puede salir', en: 'When you can leave' },
  fStatus: { es: 'Su ofrecimiento', en: 'Your offer' },
  fRouteStatus: { es: 'Estado de la ruta', en: 'Route status' },
  fSent: { es: 'Enviado el', en: 'Sent on' },
  claim_pending: { es: 'Esperando al equipo de la emergencia', en: 'Waiting for the emergency team' },
  claim_accepted: { es: 'Aceptado: la ruta es suya', en: 'Accepted: the route is yours' },
  claim_declined: { es: 'No aceptado', en: 'Not accepted' },
  claim_withdrawn: { es: 'Retirado', en: 'Withdrawn' },
  route_available: { es: 'Disponible', en: 'Available' },
  route_assigned: { es: 'Asignada', en: 'Assigned' },
  route_in_transit: { es: 'En camino', en: 'On its way' },
  route_delivered: { es: 'Entregada', en: 'Delivered' },
  route_cancelled: { es: 'Cancelada', en: 'Cancelled' },

  // /mi-ruta: the code
  manageTitle: { es: 'Mi ruta', en: 'My route' },
  manageSummary: {
    es: 'Con el código de su ofrecimiento vea si el equipo lo aceptó y marque la ruta en camino y entregada.',
    en: 'With your offer’s code, see whether the team accepted it and mark the route on its way and delivered.',
  },
  manageIntro: {
    es: 'Escriba el código que recibió al ofrecerse para llevar una ruta, por ejemplo K7P-42Q-X9M-D3R. Le mostramos la respuesta del equipo y, si la ruta es suya, los botones «Ya salí» y «Ya entregué».',
    en: 'Type the code you got when offering to take a route, for example K7P-42Q-X9M-D3R. We show you the team’s answer and, if the route is yours, the buttons “I have left” and “I delivered it”.',
  },
  code: { es: 'Código', en: 'Code' },
  codeFieldHelp: {
    es: 'Doce letras y números. Puede escribirlo en minúsculas, con espacios o sin guiones.',
    en: 'Twelve letters and digits. You may type it in lower case, with spaces or without dashes.',
  },
  find: { es: 'Ver mi ruta', en: 'See my route' },
  notFound: { es: 'No encontramos ese código.', en: 'We did not find that code.' },
  notFoundHelp: {
    es: 'Revise que tenga las doce letras y números y escríbalo de nuevo.',
    en: 'Check that it has all twelve letters and digits and type it again.',
  },
  lookupsLimited: {
    es: 'Se hicieron demasiados intentos desde su conexión. Espere un minuto e intente de nuevo.',
    en: 'Too many attempts were made from your connection. Wait a minute and try again.',
  },
  codePrivate: {
    es: 'El código viaja solo dentro del formulario, nunca en la dirección de la página.',
    en: 'The code travels only inside the form, never in the page’s address.',
  },
  openManage: { es: 'Abrir Mi ruta', en: 'Open My route' },

  // /mi-ruta: the claim and what can be done
  claimTitle: { es: 'Su ruta', en: 'Your route' },
  claimSummary: {
    es: 'Su ofrecimiento, la respuesta del equipo y el estado de la ruta.',
    en: 'Your offer, the team’s answer and the route’s status.',
  },
  pendingNote: {
    es: 'El equipo de la emergencia todavía no ha decidido. Vuelva más tarde con su código.',
    en: 'The emergency team has not decided yet. Come back later with your code.',
  },
  declinedNote: {
    es: 'El equipo eligió a otra persona o no pudo aceptar su ofrecimiento. Gracias por ofrecerse: puede ofrecerse para otra ruta disponible.',
    en: 'The team chose someone else or could not accept your offer. Thank you for offering: you may offer for another available route.',
  },
  withdrawnNote: {
    es: 'Este ofrecimiento ya no está vigente: la ruta volvió a quedar disponible o se canceló.',
    en: 'This offer is no longer current: the route became available again or was cancelled.',
  },
  deliveredNote: {
    es: 'La ruta quedó entregada. ¡Gracias por llevarla!',
    en: 'The route was delivered. Thank you for taking it!',
  },
  goingTitle: { es: 'Ya salí', en: 'I have left' },
  goingHelp: {
    es: 'Márquelo cuando salga hacia el destino: el equipo de la emergencia ve que la ayuda va en camino.',
    en: 'Mark it when you leave for the destination: the emergency team sees the help is on its way.',
  },
  goingButton: { es: 'Ya salí (en camino)', en: 'I have left (on its way)' },
  deliverTitle: { es: 'Ya entregué', en: 'I delivered it' },
  deliverHelp: {
    es: 'Márquelo cuando la ayuda haya llegado al destino.',
    en: 'Mark it once the help has reached the destination.',
  },
  quantity: { es: 'Cuánto entregó (opcional)', en: 'How much you delivered (optional)' },
  quantityHelp: {
    es: 'Un número, por ejemplo 15 o 1.500. Suma a lo cubierto de la solicitud de destino cuando se confirma que llegó. Déjelo vacío si no lo sabe.',
    en: 'A number, for example 15 or 1,500. It adds to what the destination request has covered once it is confirmed. Leave it empty if you do not know.',
  },
  unit: { es: 'En qué unidad (cajas, litros, kg…)', en: 'In which unit (boxes, litres, kg…)' },
  unitHelp: {
    es: 'La unidad en que lo llevó. Si no es la de la solicitud ({unit}), un líder la convierte antes de sumarla.',
    en: 'The unit you brought it in. If it is not the request’s ({unit}), a leader converts it before it counts.',
  },
  quantityError: {
    es: 'Escriba un número mayor que 0, por ejemplo 20, o déjelo vacío.',
    en: 'Type a number greater than 0, for example 20, or leave it empty.',
  },
  deliverButton: { es: 'Ya entregué', en: 'I delivered it' },
  closedNow: {
    es: 'Ese paso ya no se puede dar (su ofrecimiento: {claim}; la ruta: {route}): no cambió nada.',
    en: 'That step can no longer be taken (your offer: {claim}; the route: {route}): nothing changed.',
  },
  actionErrors: { es: 'No se registró nada todavía:', en: 'Nothing was recorded yet:' },

  // /mi-ruta: after an action
  goingDoneTitle: { es: 'En camino', en: 'On its way' },
  goingDone: {
    es: 'Quedó marcado: va en camino. Cuando entregue, márquelo aquí mismo con su código.',
    en: 'Marked: you are on your way. Once you deliver, mark it here with your code.',
  },
  deliveredDoneTitle: { es: 'Entregado', en: 'Delivered' },
  deliveredDone: { es: 'Gracias: la entrega quedó registrada.', en: 'Thank you: the delivery was recorded.' },
  deliveredAdded: {
    es: 'Quedó registrado que entregó {amount}: suma a lo cubierto de la solicitud cuando quien pidió la ayuda o un líder confirme que llegó.',
    en: 'Recorded that you delivered {amount}: it counts as covered once the requester or a leader confirms it arrived.',
  },
  deliveredOtherUnit: {
    es: 'Quedó registrado que entregó {amount}. La solicitud cuenta en {unit}: un líder dice cuánto equivale antes de sumarlo a lo cubierto.',
    en: 'Recorded that you delivered {amount}. The request counts in {unit}: a leader says what it is worth before it counts as covered.',
  },
  seeRequest: { es: 'Ver la solicitud de destino', en: 'See the destination request' },
  another: { es: 'Buscar otro código', en: 'Look up another code' },

  // The twins
  twinApiTitle: { es: 'Lo mismo por la API', en: 'The same through the API' },
  twinForm: {
    es: 'El formulario envía `contactName`, `contactWhatsapp`, `vehicle` (opcional) y `when` por `POST {path}`. La respuesta es una página con el código, nunca una redirección.',
    en: 'The form sends `contactName`, `contactWhatsapp`, `vehicle` (optional) and `when` with `POST {path}`. The answer is a page with the code, never a redirect.',
  },
  twinApi: { es: 'Por la API (202):', en: 'Through the API (202):' },
  twinCode: {
    es: 'La respuesta trae `code`: con él se ve la respuesta del equipo en /mi-ruta y, una vez aceptado, se marca la ruta en camino (`POST /api/logistics-operations/claims/progress` con `{"code": "…", "status": "in_transit"}`) y entregada (`{"code": "…", "status": "delivered", "quantity": 20, "unit": "cajas"}`, cantidad y unidad opcionales; sin unidad, la de la solicitud). El código es secreto: nunca va en una dirección.',
    en: 'The answer carries `code`: with it the team’s answer is seen at /mi-ruta and, once accepted, the route is marked on its way (`POST /api/logistics-operations/claims/progress` with `{"code": "…", "status": "in_transit"}`) and delivered (`{"code": "…", "status": "delivered", "quantity": 20, "unit": "cajas"}`, quantity and unit optional; without a unit, the request’s). The code is secret: it never goes in an address.',
  },
  twinErrors: {
    es: 'Errores: 400 por campo; 404 `route_not_found`; 409 `route_not_available`; 429 `too_many_open_claims` o `rate_limited`.',
    en: 'Errors: 400 per field; 404 `route_not_found`; 409 `route_not_available`; 429 `too_many_open_claims` or `rate_limited`.',
  },
  twinManageTitle: { es: 'Cómo funciona', en: 'How it works' },
  twinManage: {
    es: 'El formulario envía `codigo` por `POST /mi-ruta` y la respuesta muestra el ofrecimiento y su ruta. Marcar la ruta es `POST /mi-ruta/avanzar` con `codigo` y `status` (`in_transit` al salir, `delivered` al entregar, con `quantity` y `unit` opcionales). El código va siempre en el cuerpo (`application/x-www-form-urlencoded`), nunca en la dirección, y solo desde las páginas de este sitio: un envío desde otro origen se rechaza (403). Un código desconocido recibe 404; un código de recibo o de compromiso abre su propia página, como en `/codigo`.',
    en: 'The form sends `codigo` with `POST /mi-ruta` and the answer shows the offer and its route. Marking the route is `POST /mi-ruta/avanzar` with `codigo` and `status` (`in_transit` on leaving, `delivered` on delivering, with an optional `quantity` and `unit`). The code always travels in the body (`application/x-www-form-urlencoded`), never in the address, and only from this site’s pages: a post from another origin is refused (403). An unknown code gets 404; a receipt or pledge code opens its own page, as on `/codigo`.',
  },
  twinManageLimit: {
    es: {
      one: 'Cada dirección puede hacer {n} consulta por minuto (compartida con las demás consultas con código); después la respuesta es 429 hasta el minuto siguiente.',
      other:
        'Cada dirección puede hacer {n} consultas por minuto (compartidas con las demás consultas con código); después la respuesta es 429 hasta el minuto siguiente.',
    },
    en: {
      one: 'Each address may make {n} lookup a minute (shared with the other code lookups); after that the answer is 429 until the next minute.',
      other:
        'Each address may make {n} lookups a minute (shared with the other code lookups); after that the answer is 429 until the next minute.',
    },
  },
  twinManageApi: {
    es: 'Por la API: `POST /api/logistics-operations/claims/progress` con `{"code": "…", "status": "in_transit"}` o `{"code": "…", "status": "delivered"}` (y `quantity` si quiere sumarla a lo cubierto).',
    en: 'Through the API: `POST /api/logistics-operations/claims/progress` with `{"code": "…", "status": "in_transit"}` or `{"code": "…", "status": "delivered"}` (and `quantity` to add it to what is covered).',
  },
} as const;
