// Strings of /necesito-ayuda, /quiero-ayudar and the receipt.
export const forms = {
  // Pages
  requestTitle: { es: 'Necesito ayuda', en: 'I need help' },
  requestSummary: {
    es: 'Pida agua, alimentos, medicamentos, rescate o refugio. El equipo de la emergencia revisa cada solicitud antes de publicarla.',
    en: 'Ask for water, food, medicine, rescue or shelter. The emergency team reviews every request before publishing it.',
  },
  offerTitle: { es: 'Ofrecer ayuda', en: 'Offer help' },
  offerSummary: {
    es: 'Ofrezca insumos, transporte, voluntariado o un centro de acopio. El equipo de la emergencia revisa cada ofrecimiento antes de publicarlo.',
    en: 'Offer supplies, transport, volunteering or a collection centre. The emergency team reviews every offer before publishing it.',
  },
  reviewRule: {
    es: 'Nada se publica sin revisión: su envío llega a la bandeja del equipo de la emergencia y solo aparece en el mapa y en las listas cuando un líder lo aprueba.',
    en: 'Nothing is published without review: your submission goes to the emergency team’s inbox and appears on the map and in the lists only once a leader approves it.',
  },
  consentRule: {
    es: 'Su nombre y su WhatsApp se publican con el envío aprobado, para que puedan contactarle; por eso el formulario pide su permiso expreso. Sin él no podemos recibir el envío.',
    en: 'Your name and WhatsApp are published with the approved submission so that people can reach you; that is why the form asks for your explicit permission. Without it we cannot take the submission.',
  },
  requiredNote: { es: 'Los campos marcados con * son obligatorios.', en: 'Fields marked with * are required.' },
  noEmergency: {
    es: 'Ahora no hay ninguna emergencia activa que reciba envíos. Vuelva más tarde.',
    en: 'No emergency is taking submissions right now. Please come back later.',
  },
  requestConsentRule: {
    es: 'Cuando el equipo aprueba su solicitud se publican el título, la descripción, lo que necesita, su nombre y su WhatsApp (para que puedan contactarle) y el lugar: el barrio o vereda, el municipio y un punto aproximado, a unos 300 m. Su dirección y el punto exacto solo los ven los líderes de la emergencia, salvo que marque «Mostrar mi ubicación exacta». Por eso el formulario pide su permiso expreso; sin él no podemos recibir la solicitud.',
    en: 'Once the team approves your request, its title, description, what you need, your name and WhatsApp (so that people can reach you) and the place are published: the neighbourhood or village, the municipality and an approximate point, about 300 m off. Your address and the exact point are seen only by the emergency’s leaders, unless you tick “Show my exact location”. That is why the form asks for your explicit permission; without it we cannot take the request.',
  },
  privacyLink: { es: 'Qué se publica y qué no', en: 'What is published and what is not' },

  // Sections of the forms
  sectionNeed: { es: 'Qué necesita', en: 'What you need' },
  sectionOffer: { es: 'Qué ofrece', en: 'What you offer' },
  sectionCapacity: { es: 'Capacidad y transporte (opcional)', en: 'Capacity and transport (optional)' },
  sectionWhere: { es: 'Dónde', en: 'Where' },
  sectionWhereOptional: { es: 'Dónde (opcional)', en: 'Where (optional)' },
  sectionContact: { es: 'Contacto', en: 'Contact' },

  // Fields shared by both forms
  emergencySlug: { es: 'Emergencia', en: 'Emergency' },
  emergencySlugHelp: { es: 'La emergencia a la que va su envío.', en: 'The emergency your submission is for.' },
  emergencyBlank: { es: 'Elija la emergencia', en: 'Choose the emergency' },
  title: { es: 'Título', en: 'Title' },
  requestTitleHelp: {
    es: 'Una frase corta: qué necesita y para quién (4 a 100 caracteres). Ej.: Agua potable para 6 familias.',
    en: 'A short sentence: what you need and for whom (4 to 100 characters). E.g. Drinking water for 6 families.',
  },
  offerTitleHelp: {
    es: 'Qué ofrece, en una frase (4 a 100 caracteres). Ej.: Camioneta 4x4 para llevar mercados.',
    en: 'What you offer, in one sentence (4 to 100 characters). E.g. 4x4 pickup to carry groceries.',
  },
  category: { es: 'Categoría', en: 'Category' },
  categoryBlank: { es: 'Elija una categoría', en: 'Choose a category' },
  description: { es: 'Descripción', en: 'Description' },
  descriptionHelp: {
    es: 'Detalles que ayuden al equipo (hasta 600 caracteres).',
    en: 'Details that help the team (up to 600 characters).',
  },
  contactName: { es: 'Su nombre', en: 'Your name' },
  contactNameHelp: {
    es: 'De 2 a 100 caracteres. Se publica cuando el equipo aprueba el envío.',
    en: '2 to 100 characters. Published once the team approves the submission.',
  },
  contactWhatsapp: { es: 'WhatsApp', en: 'WhatsApp' },
  contactWhatsappHelp: {
    es: 'Un número de Colombia se escribe como siempre, ej. 311 555 0199; uno de otro país, con + y el código del país. Se publica cuando el equipo aprueba el envío.',
    en: 'A Colombian number is written as usual, e.g. 311 555 0199; one from another country with + and the country code. Published once the team approves the submission.',
  },
  // The API's field, in the form's Markdown twin: unlike the form, the API takes only the international format.
  contactWhatsappTwin: {
    es: 'Con + y el código del país, ej. +57 311 555 0199; se guarda en E.164. Se publica cuando el equipo aprueba el envío.',
    en: 'With + and the country code, e.g. +57 311 555 0199; stored as E.164. Published once the team approves the submission.',
  },
  publishContact: {
    es: 'Acepto que mi nombre y mi WhatsApp se publiquen cuando el equipo de la emergencia apruebe este envío, para que puedan contactarme.',
    en: 'I agree that my name and WhatsApp are published once the emergency team approves this submission, so that people can contact me.',
  },
  publishContactRequest: {
    es: 'Acepto que, cuando el equipo de la emergencia apruebe esta solicitud, se publiquen mi nombre, mi WhatsApp y el lugar: el barrio o vereda, el municipio y un punto aproximado (unos 300 m), o mi dirección y el punto exacto si marqué «Mostrar mi ubicación exacta».',
    en: 'I agree that, once the emergency team approves this request, my name, my WhatsApp and the place are published: the neighbourhood or village, the municipality and an approximate point (about 300 m), or my address and the exact point if I ticked “Show my exact location”.',
  },
  termsTitle: {
    es: 'Sus datos: qué se publica, por cuánto tiempo y cómo retirarlo',
    en: 'Your details: what is published, for how long, and how to withdraw it',
  },
  termsPublicRequest: {
    es: 'Qué se hace público: nada mientras el equipo de la emergencia revisa su solicitud. Si la aprueba, se publican lo que necesita, el lugar (aproximado, salvo que marque «Mostrar mi ubicación exacta»), su nombre y su WhatsApp. Su documento nunca se publica.',
    en: 'What becomes public: nothing while the emergency team reviews your request. If it approves it, what you need, the place (approximate, unless you tick “Show my exact location”), your name and your WhatsApp are published. Your document is never published.',
  },
  termsPublicOffer: {
    es: 'Qué se hace público: nada mientras el equipo de la emergencia revisa su ofrecimiento. Si lo aprueba, se publican lo que ofrece, el lugar (aproximado, salvo que marque «Mostrar la ubicación exacta» o sea un centro de acopio), su nombre y su WhatsApp.',
    en: 'What becomes public: nothing while the emergency team reviews your offer. If it approves it, what you offer, the place (approximate, unless you tick “Show the exact location” or it is a collection centre), your name and your WhatsApp are published.',
  },
  termsHowLong: {
    es: {
      one: 'Por cuánto tiempo: sigue publicado hasta que se complete o se cierre la emergencia; {n} día después borramos su nombre, su WhatsApp, su dirección y el punto exacto.',
      other:
        'Por cuánto tiempo: sigue publicado hasta que se complete o se cierre la emergencia; {n} días después borramos su nombre, su WhatsApp, su dirección y el punto exacto.',
    },
    en: {
      one: 'For how long: it stays published until it is completed or the emergency closes; {n} day later we erase your name, WhatsApp, address and exact point.',
      other:
        'For how long: it stays published until it is completed or the emergency closes; {n} days later we erase your name, WhatsApp, address and exact point.',
    },
  },
  termsIdentity: {
    es: {
      one: 'Su documento, si lo da, se borra {n} día después de que el equipo revise la solicitud.',
      other: 'Su documento, si lo da, se borra {n} días después de que el equipo revise la solicitud.',
    },
    en: {
      one: 'Your document, if you give it, is erased {n} day after the team reviews the request.',
      other: 'Your document, if you give it, is erased {n} days after the team reviews the request.',
    },
  },
  termsWithdraw: {
    es: 'Puede retirarlo cuando quiera en {link}, con el código de recibo que le damos al enviar y su WhatsApp: sale del sitio al momento y se borran sus datos.',
    en: 'You may withdraw it whenever you wish at {link}, with the receipt code we give you when sending and your WhatsApp: it leaves the site at once and your details are erased.',
  },
  publishContactHelp: {
    es: 'Obligatorio: sin este permiso no podemos recibir el envío.',
    en: 'Required: without this permission we cannot take the submission.',
  },

  // Location
  locationHelp: {
    es: 'Elija el departamento y el municipio y escriba la dirección, el barrio o la vereda. Si puede, marque también el punto: use su ubicación, elija en el mapa o escriba las coordenadas.',
    en: 'Choose the department and the municipality and type the address, neighbourhood or village. If you can, also mark the point: use your location, pick on the map or type the coordinates.',
  },
  offerLocationHelp: {
    es: 'Si quiere, diga dónde: el municipio, la dirección o el punto (use su ubicación, elija en el mapa o escriba las coordenadas).',
    en: 'If you wish, say where: the municipality, the address or the point (use your location, pick on the map or type the coordinates).',
  },
  departmentCode: { es: 'Departamento', en: 'Department' },
  departmentBlank: { es: 'Elija el departamento', en: 'Choose the department' },
  showMunicipalities: { es: 'Ver municipios', en: 'Show municipalities' },
  showMunicipalitiesHelp: {
    es: 'Después de elegir el departamento, toque «Ver municipios» para ver la lista; no se envía nada.',
    en: 'After choosing the department, tap “Show municipalities” to see the list; nothing is sent.',
  },
  municipalityCode: { es: 'Municipio', en: 'Municipality' },
  municipalityCodeIfNoPoint: {
    es: 'Municipio (obligatorio si no marca el punto)',
    en: 'Municipality (required unless you mark the point)',
  },
  municipalityBlank: { es: 'Elija el municipio', en: 'Choose the municipality' },
  municipalityFirstDepartment: { es: 'Primero elija el departamento', en: 'Choose the department first' },
  municipalityHelp: {
    es: 'Sin punto en el mapa, en público se muestra el municipio, no su casa. San Andrés y Providencia aún no están en la lista: allí llame a la línea de emergencias 123.',
    en: 'Without a point on the map, the municipality is shown in public, not your home. San Andrés and Providencia are not on the list yet: there, call the emergency line 123.',
  },
  municipalityError: {
    es: 'Elija un municipio de la lista. En San Andrés y Providencia llame a la línea de emergencias 123.',
    en: 'Choose a municipality from the list. In San Andrés and Providencia call the emergency line 123.',
  },
  municipalityOtherDepartment: {
    es: 'Ese municipio no es del departamento elegido: toque «Ver municipios» y elíjalo de nuevo.',
    en: 'That municipality is not in the chosen department: tap “Show municipalities” and choose it again.',
  },
  placeRequired: {
    es: 'Elija el municipio, o marque el punto (su ubicación, el mapa o las coordenadas).',
    en: 'Choose the municipality, or mark the point (your location, the map or the coordinates).',
  },
  twinMunicipalityPlace: {
    es: 'Código DIVIPOLA del municipio (DANE). Sin las dos coordenadas, lo público es el punto del municipio (precisión: municipality). Los códigos 88xxx (San Andrés, Providencia) se rechazan.',
    en: 'DIVIPOLA code of the municipality (DANE). Without both coordinates, the municipality’s point is public (precision: municipality). Codes 88xxx (San Andrés, Providencia) are refused.',
  },
  withoutMunicipality: { es: 'sin municipalityCode', en: 'without municipalityCode' },
  useLocation: { es: 'Usar mi ubicación', en: 'Use my location' },
  showMap: { es: 'Elegir en el mapa', en: 'Pick on the map' },
  mapLabel: {
    es: 'Mapa: toque el lugar para marcarlo; la latitud y la longitud se llenan solas.',
    en: 'Map: tap the place to mark it; latitude and longitude fill in by themselves.',
  },
  locating: { es: 'Buscando su ubicación…', en: 'Finding your location…' },
  located: {
    es: 'Ubicación marcada. Revise la dirección y corrija el punto si hace falta.',
    en: 'Location marked. Check the address and move the point if needed.',
  },
  locationFailed: {
    es: 'No se pudo obtener su ubicación. Toque el mapa o escriba las coordenadas.',
    en: 'Your location could not be found. Tap the map or type the coordinates.',
  },
  outsideColombia: {
    es: 'Ese punto está fuera de Colombia; elija otro.',
    en: 'That point is outside Colombia; choose another.',
  },
  mapLoading: { es: 'Cargando el mapa…', en: 'Loading the map…' },
  mapFailed: {
    es: 'El mapa no cargó, así que no se puede marcar el punto en él. Elija el departamento y el municipio en la lista de arriba y escriba la dirección, el barrio o la vereda; o escriba las coordenadas.',
    en: 'The map did not load, so the point cannot be marked on it. Choose the department and the municipality in the list above and type the address, neighbourhood or village; or type the coordinates.',
  },
  mapAttribution: { es: '© colaboradores de OpenStreetMap', en: '© OpenStreetMap contributors' },
  mapPicked: { es: 'Punto marcado en el mapa.', en: 'Point marked on the map.' },
  latitude: { es: 'Latitud', en: 'Latitude' },
  latitudeHelp: { es: 'Entre -4.3 y 13.6. Ej.: 1.1478', en: 'Between -4.3 and 13.6. E.g. 1.1478' },
  longitude: { es: 'Longitud', en: 'Longitude' },
  longitudeHelp: { es: 'Entre -79.1 y -66.8. Ej.: -76.6476', en: 'Between -79.1 and -66.8. E.g. -76.6476' },
  address: { es: 'Dirección o referencia', en: 'Address or landmark' },
  requestAddressHelp: {
    es: 'Calle y número, o una referencia que se reconozca (4 a 180 caracteres).',
    en: 'Street and number, or a landmark people know (4 to 180 characters).',
  },
  offerAddressHelp: {
    es: 'Dónde entrega o dónde se recoge (hasta 180 caracteres). Solo la ven los líderes de la emergencia, salvo que marque «Mostrar la ubicación exacta» o sea un centro de acopio.',
    en: 'Where you deliver or where it is picked up (up to 180 characters). Only the emergency’s leaders see it, unless you tick “Show the exact location” or it is a collection centre.',
  },
  offerShowExactLocation: {
    es: 'Mostrar la ubicación exacta (si no, se muestra un punto aproximado a unos 300 m y el municipio)',
    en: 'Show the exact location (otherwise an approximate point about 300 m off and the municipality are shown)',
  },
  offerShowExactLocationHelp: {
    es: 'Márquela para una tienda, una bodega o un punto de recogida que puede ser público, no para su casa. Un centro de acopio se publica siempre con su dirección y su punto exactos, para que la gente llegue.',
    en: 'Tick it for a shop, a warehouse or a pickup point that can be public, not for your home. A collection centre is always published with its exact address and point, so people can find it.',
  },
  twinOfferShowExactLocation: {
    es: 'true publica la dirección y el punto exacto; por defecto se publica un punto aproximado (unos 300 m) y el municipio. Un centro de acopio (collectionCenterStatus) se publica siempre en su lugar exacto.',
    en: 'true publishes the address and the exact point; by default an approximate point (about 300 m) and the municipality are published. A collection centre (collectionCenterStatus) is always published at its exact place.',
  },
  neighborhood: { es: 'Barrio o vereda', en: 'Neighbourhood or village' },
  neighborhoodHelp: { es: 'Hasta 80 caracteres.', en: 'Up to 80 characters.' },
  requestNeighborhoodHelp: {
    es: 'Se publica en lugar de la dirección (hasta 80 caracteres).',
    en: 'Published instead of the address (up to 80 characters).',
  },
  requestAddressPrivate: {
    es: 'Calle y número, o una referencia que se reconozca (4 a 180 caracteres). Solo la ven los líderes de la emergencia, salvo que marque «Mostrar mi ubicación exacta».',
    en: 'Street and number, or a landmark people know (4 to 180 characters). Only the emergency’s leaders see it, unless you tick “Show my exact location”.',
  },
  showExactLocation: {
    es: 'Mostrar mi ubicación exacta (si no, se muestra un punto aproximado a unos 300 m y el barrio)',
    en: 'Show my exact location (otherwise an approximate point about 300 m off and the neighbourhood are shown)',
  },
  showExactLocationHelp: {
    es: 'Sin marcar, lo público es el barrio o vereda, el municipio y un punto aproximado; marcada, también su dirección y el punto exacto. Márquela solo si es un lugar que puede ser público, como una escuela o un albergue.',
    en: 'Unticked, what is public is the neighbourhood or village, the municipality and an approximate point; ticked, also your address and the exact point. Tick it only for a place that can be public, such as a school or a shelter.',
  },
  twinShowExactLocation: {
    es: 'true publica la dirección y el punto exacto; por defecto se publica un punto aproximado (unos 300 m), el barrio o vereda y el municipio.',
    en: 'true publishes the address and the exact point; by default an approximate point (about 300 m), the neighbourhood or village and the municipality are published.',
  },

  // Request only
  urgency: { es: 'Urgencia', en: 'Urgency' },
  urgencyUrgent: {
    es: 'Urgente: hay riesgo para la vida o la salud',
    en: 'Urgent: there is a risk to life or health',
  },
  urgencyNeeded: { es: 'Necesaria: hace falta pronto', en: 'Needed: it is needed soon' },
  urgencyStable: { es: 'Estable: puede esperar unos días', en: 'Stable: it can wait a few days' },
  resourceLabel: { es: 'Qué necesita exactamente', en: 'What exactly you need' },
  resourceLabelHelp: {
    es: 'Ej.: bidones de agua de 20 litros (hasta 160 caracteres).',
    en: 'E.g. 20-litre water jugs (up to 160 characters).',
  },
  quantityRequired: { es: 'Cantidad', en: 'Quantity' },
  quantityRequiredHelp: { es: 'Un número mayor que 0.', en: 'A number greater than 0.' },
  unit: { es: 'Unidad', en: 'Unit' },
  unitHelp: {
    es: 'kg, litros, cajas, bidones… (hasta 40 caracteres).',
    en: 'kg, litres, boxes, jugs… (up to 40 characters).',
  },
  neededPeople: { es: 'Personas afectadas', en: 'People affected' },
  neededPeopleHelp: {
    es: 'Cuántas personas, de 0 a 10000. Si lo deja vacío, no se publica ningún número.',
    en: 'How many people, 0 to 10000. Left empty, no number is published.',
  },
  identityDocument: {
    es: 'Documento de identidad (opcional, privado)',
    en: 'Identity document (optional, private)',
  },
  identityDocumentHelp: {
    es: 'Privado: solo lo ven los líderes de esta emergencia para verificar la solicitud. Nunca se publica. Hasta 40 caracteres.',
    en: 'Private: only this emergency’s leaders see it, to verify the request. It is never published. Up to 40 characters.',
  },
  identityRetype: {
    es: 'Por seguridad no volvemos a mostrar el documento: escríbalo otra vez si quiere enviarlo.',
    en: 'For your safety the document is not shown again: type it again if you want to send it.',
  },
  emergencyCall: {
    es: 'Si hay riesgo inmediato para la vida, llame también a la línea de emergencias 123.',
    en: 'If life is in immediate danger, also call the emergency line 123.',
  },

  // Offer only
  vehicle: { es: 'Vehículo', en: 'Vehicle' },
  vehicleHelp: {
    es: 'Ej.: camioneta 4x4, moto, lancha (hasta 80 caracteres).',
    en: 'E.g. 4x4 pickup, motorbike, boat (up to 80 characters).',
  },
  capacityKg: { es: 'Capacidad de carga (kg)', en: 'Load capacity (kg)' },
  capacityKgHelp: { es: 'De 0 a 100000.', en: '0 to 100000.' },
  capacityBoxes: { es: 'Capacidad en cajas', en: 'Capacity in boxes' },
  capacityBoxesHelp: { es: 'Número entero, de 0 a 100000.', en: 'Whole number, 0 to 100000.' },
  passengerCapacity: { es: 'Pasajeros', en: 'Passengers' },
  passengerCapacityHelp: { es: 'Número entero, de 0 a 10000.', en: 'Whole number, 0 to 10000.' },
  zones: { es: 'Zonas que cubre', en: 'Areas covered' },
  zonesHelp: {
    es: 'Barrios, veredas o municipios (hasta 180 caracteres).',
    en: 'Neighbourhoods, villages or towns (up to 180 characters).',
  },
  availableUntil: { es: 'Disponible hasta', en: 'Available until' },
  availableUntilHelp: { es: 'Una fecha (AAAA-MM-DD).', en: 'A date (YYYY-MM-DD).' },
  needsTransport: {
    es: '¿Lo que ofrece necesita que alguien lo recoja?',
    en: 'Does what you offer need someone to pick it up?',
  },
  needsTransportYes: { es: 'Sí, necesita transporte', en: 'Yes, it needs transport' },
  needsTransportNo: { es: 'No, yo lo llevo', en: 'No, I bring it' },
  needsTransportUnknown: { es: 'No sé o no aplica', en: 'I don’t know, or it does not apply' },
  collectionCenterStatus: {
    es: 'Si es un centro de acopio: su estado (un centro se publica en su dirección exacta)',
    en: 'If it is a collection centre: its status (a centre is published at its exact address)',
  },
  collectionCenterBlank: { es: 'No es un centro de acopio', en: 'It is not a collection centre' },
  centreFull: { es: 'Lleno', en: 'Full' },
  centreNeedsVolunteers: { es: 'Necesita voluntarios', en: 'Needs volunteers' },
  centreNeedsResources: { es: 'Necesita recursos', en: 'Needs resources' },

  // Buttons
  sendRequest: { es: 'Enviar solicitud', en: 'Send request' },
  sendOffer: { es: 'Enviar ofrecimiento', en: 'Send offer' },

  // Errors
  errorsTitle: { es: 'Revise estos campos antes de enviar:', en: 'Check these fields before sending:' },
  errorsKept: {
    es: 'No se guardó nada todavía. Lo que escribió sigue en el formulario.',
    en: 'Nothing was saved yet. What you typed is still in the form.',
  },
  consentError: {
    es: 'Marque la casilla: sin su permiso para publicar el nombre y el WhatsApp no podemos recibir el envío.',
    en: 'Tick the box: without your permission to publish the name and WhatsApp we cannot take the submission.',
  },
  emergencyError: {
    es: 'Elija una de las emergencias activas de la lista.',
    en: 'Choose one of the active emergencies in the list.',
  },
  choiceError: { es: 'Elija una opción de la lista.', en: 'Choose an option from the list.' },
  latitudeError: {
    es: 'La latitud debe ser un número entre -4.3 y 13.6 (Colombia).',
    en: 'Latitude must be a number between -4.3 and 13.6 (Colombia).',
  },
  longitudeError: {
    es: 'La longitud debe ser un número entre -79.1 y -66.8 (Colombia).',
    en: 'Longitude must be a number between -79.1 and -66.8 (Colombia).',
  },
  coordinatesPair: {
    es: 'Indique la latitud y la longitud juntas, o deje las dos vacías.',
    en: 'Give latitude and longitude together, or leave both empty.',
  },
  rateLimited: {
    es: 'Se enviaron demasiados formularios seguidos desde su conexión. Espere un minuto y envíe de nuevo.',
    en: 'Too many forms were sent in a row from your connection. Wait a minute and send again.',
  },
  draftNotice: {
    es: 'Un asistente preparó este envío con usted. Revise cada dato: si está de acuerdo con que se publiquen su nombre y su WhatsApp, marque la casilla de consentimiento y envíe. Si no lo envía, no se envía nada, y este borrador se borra a los 30 minutos.',
    en: 'An assistant prepared this submission with you. Check every detail: if you agree to your name and WhatsApp being published, tick the consent box and send. If you do not send it, nothing is sent, and this draft is deleted after 30 minutes.',
  },
  draftExpired: {
    es: 'Este enlace venció (30 minutos) o ya se usó. Puede llenar el formulario de nuevo.',
    en: 'This link has expired (30 minutes) or was already used. You can fill in the form again.',
  },
  alreadySent: {
    es: 'Este formulario ya se había enviado con otros datos, y ese primer envío sigue igual. Si quiere enviar también estos datos, revíselos y envíe de nuevo: será un envío nuevo.',
    en: 'This form had already been sent with other details, and that first submission stays as it was. To send these details too, check them and send again: it will be a new submission.',
  },
  forbiddenTitle: { es: 'No se pudo enviar', en: 'Could not send' },
  forbidden: {
    es: 'Este formulario no vino de las páginas de Ayuda Directa, así que no lo recibimos. Abra el formulario desde el sitio y envíelo de nuevo.',
    en: 'This form did not come from Ayuda Directa’s pages, so we did not take it. Open the form from the site and send it again.',
  },
  backToRequest: { es: 'Abrir el formulario de solicitud', en: 'Open the request form' },
  backToOffer: { es: 'Abrir el formulario de ofrecimiento', en: 'Open the offer form' },

  // Receipt
  receiptTitle: { es: 'Recibimos su envío', en: 'We received your submission' },
  receiptSummary: {
    es: 'El envío está en la bandeja del equipo de la emergencia y espera revisión; todavía no es público.',
    en: 'The submission is in the emergency team’s inbox awaiting review; it is not public yet.',
  },
  receiptPending: {
    es: 'Su envío fue recibido y espera la revisión del equipo de la emergencia. Todavía no es público: no aparece en el mapa ni en las listas hasta que un líder lo apruebe.',
    en: 'Your submission was received and awaits review by the emergency team. It is not public yet: it appears on the map and in the lists only once a leader approves it.',
  },
  receiptRevision: {
    es: 'Este envío ya está publicado; los últimos cambios esperan la revisión del equipo de la emergencia.',
    en: 'This submission is already published; the latest changes await review by the emergency team.',
  },
  receiptApproved: {
    es: 'El equipo de la emergencia aprobó este envío: ya es público.',
    en: 'The emergency team approved this submission: it is public now.',
  },
  receiptRejected: {
    es: 'El equipo de la emergencia revisó este envío y no lo publicó. Si cree que es un error, envíelo de nuevo con más detalles.',
    en: 'The emergency team reviewed this submission and did not publish it. If you think this is a mistake, send it again with more details.',
  },
  receiptWithdrawn: { es: 'Retirada por quien la envió.', en: 'Withdrawn by the person who sent it.' },
  receiptWithdrawnTitle: { es: 'Publicación retirada', en: 'Submission withdrawn' },
  receiptWithdrawnSummary: {
    es: 'Quien hizo este envío lo retiró: ya no es público y sus datos personales se borraron.',
    en: 'The person who made this submission withdrew it: it is no longer public and its personal data were erased.',
  },
  receiptWithdraw: {
    es: 'Con este código y su WhatsApp también puede retirar su envío cuando quiera: ',
    en: 'With this code and your WhatsApp you may also withdraw your submission whenever you wish: ',
  },
  receiptWithdrawLink: { es: 'Retirar mi publicación', en: 'Withdraw my submission' },
  receiptSeeRecord: { es: 'Ver el registro publicado', en: 'See the published record' },
  receiptJoined: {
    es: 'El equipo de la emergencia unió este envío a una publicación que ya recoge lo mismo, para no repetirla. No fue rechazado: siga aquella publicación.',
    en: 'The emergency team joined this submission to a published one that already says the same, so it is not repeated. It was not rejected: follow that one.',
  },
  receiptSeeJoined: { es: 'Ver la publicación a la que se unió', en: 'See the publication it was joined to' },
  receiptId: { es: 'Número de envío', en: 'Submission number' },
  receiptType: { es: 'Tipo', en: 'Type' },
  receiptQuantity: { es: 'Cantidad', en: 'Quantity' },
  receiptEmergency: { es: 'Emergencia', en: 'Emergency' },
  receiptReceived: { es: 'Recibido', en: 'Received' },
  receiptPublicPlace: { es: 'Lugar que se publica al aprobarse', en: 'Place published once approved' },
  receiptNoPlace: { es: 'Ninguno: no dio un lugar', en: 'None: no place was given' },
  receiptNeverPublic: { es: 'No se publica nunca', en: 'Never published' },
  typeRequest: { es: 'Solicitud de ayuda', en: 'Request for help' },
  typeOffer: { es: 'Ofrecimiento de ayuda', en: 'Offer of help' },
  nextTitle: { es: 'Qué sigue', en: 'What happens next' },
  next1: {
    es: 'Un líder de la emergencia revisa el envío; puede escribirle por WhatsApp para confirmar detalles.',
    en: 'A leader of the emergency reviews the submission and may write to you on WhatsApp to confirm details.',
  },
  next2: {
    es: 'Si lo aprueba, aparece en el mapa y en las listas con su nombre y su WhatsApp, como usted lo autorizó.',
    en: 'Once approved, it appears on the map and in the lists with your name and WhatsApp, as you agreed.',
  },
  next3: {
    es: 'Guarde el número de envío o esta página para volver a consultarla.',
    en: 'Keep the submission number or this page to check it again.',
  },
  receiptPrivate: {
    es: 'Esta página no muestra sus datos de contacto ni su documento.',
    en: 'This page does not show your contact details or your document.',
  },
  anotherRequest: { es: 'Enviar otra solicitud', en: 'Send another request' },
  anotherOffer: { es: 'Enviar otro ofrecimiento', en: 'Send another offer' },
  home: { es: 'Volver al inicio', en: 'Back to the home page' },
  receiptNotFoundTitle: { es: 'Envío no encontrado', en: 'Submission not found' },
  receiptNotFound: {
    es: 'No hay ningún envío con ese número. Revise el enlace, o envíe de nuevo desde el formulario.',
    en: 'There is no submission with that number. Check the link, or send again from the form.',
  },

  // Markdown twins
  twinFieldsTitle: { es: 'Campos', en: 'Fields' },
  twinField: { es: 'Campo (API)', en: 'Field (API)' },
  twinRequired: { es: 'Obligatorio', en: 'Required' },
  twinLimits: { es: 'Límites', en: 'Limits' },
  twinMeaning: { es: 'Qué es', en: 'Meaning' },
  yes: { es: 'sí', en: 'yes' },
  no: { es: 'no', en: 'no' },
  whenSeveral: { es: 'si hay varias activas', en: 'when several are active' },
  chars: { es: 'caracteres', en: 'characters' },
  integer: { es: 'entero', en: 'integer' },
  defaultIs: { es: 'por defecto', en: 'default' },
  mustBeTrue: { es: 'debe ser true', en: 'must be true' },
  twinType: { es: 'Tipo de envío', en: 'Kind of submission' },
  twinSource: {
    es: 'Nombre estable de su integración (el formulario usa web)',
    en: 'Stable name of your integration (the form uses web)',
  },
  twinExternalId: {
    es: 'Identificador estable del registro en su aplicación',
    en: 'Stable identifier of the record in your application',
  },
  twinApiTitle: { es: 'Enviar lo mismo por la API', en: 'Sending the same through the API' },
  twinApi: {
    es: 'El formulario valida con el mismo esquema y guarda con el mismo comando que `POST /api/public/v1/help`. La respuesta es 202 con el `id` del envío y `reviewStatus: "pending_review"`. Repetir el envío con el mismo `source` y `externalId` no crea un duplicado (el formulario usa `source: "web"` y un `externalId` aleatorio por formulario).',
    en: 'The form validates with the same schema and saves with the same command as `POST /api/public/v1/help`. The answer is 202 with the submission `id` and `reviewStatus: "pending_review"`. Sending again with the same `source` and `externalId` creates no duplicate (the form uses `source: "web"` and a random `externalId` per form).',
  },
  twinIdentity: {
    es: 'El documento de identidad solo se recibe en el formulario web, es privado (solo lo ven los líderes de la emergencia) y no es parte de la API pública.',
    en: 'The identity document is taken only by the web form, is private (only the emergency’s leaders see it) and is not part of the public API.',
  },
  twinEmergencies: {
    es: 'Emergencias activas (valor de `emergencySlug`):',
    en: 'Active emergencies (value of `emergencySlug`):',
  },
  twinNoEmergencies: { es: 'Ninguna emergencia activa ahora.', en: 'No emergency is active now.' },
  twinReceipt: {
    es: 'El formulario lleva a `/recibido/ID`, con su gemelo Markdown en `/recibido/ID.md`.',
    en: 'The form leads to `/recibido/ID`, with its Markdown twin at `/recibido/ID.md`.',
  },
} as const;
