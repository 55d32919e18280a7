// Strings of /ayudar ("Quiero ayudar"): what is needed near the person first, then offering something.
export const helpChoice = {
  title: { es: 'Quiero ayudar', en: 'I want to help' },
  summary: {
    es: 'Vea lo que se necesita cerca de usted y diga qué va a llevar, u ofrezca algo que tenga.',
    en: 'See what is needed near you and say what you will bring, or offer something you have.',
  },
  nearTitle: { es: 'Ver lo que se necesita cerca de mí', en: 'See what is needed near me' },
  nearIntro: {
    es: 'Elija su municipio: primero salen las solicitudes más cercanas a las que aún les falta algo que nadie se comprometió a llevar. En cada una puede decir «Voy a llevar».',
    en: 'Choose your municipality: the nearest requests that still lack something nobody has pledged to bring come first. On each one you can say “I will bring it”.',
  },
  municipality: { es: 'Su municipio', en: 'Your municipality' },
  municipalityBlank: { es: 'Elija su municipio', en: 'Choose your municipality' },
  seeNear: { es: 'Ver lo que se necesita cerca', en: 'See what is needed nearby' },
  noMunicipalities: {
    es: 'Todavía no hay solicitudes publicadas con municipio en esta emergencia.',
    en: 'This emergency has no published request with a municipality yet.',
  },
  allNeeds: { es: 'Ver todo lo que se necesita en {name}', en: 'See everything needed in {name}' },
  none: {
    es: 'No hay ninguna emergencia activa en este momento.',
    en: 'There is no active emergency right now.',
  },
  offerTitle: { es: 'Ofrecer algo', en: 'Offer something' },
  offerIntro: {
    es: '¿Tiene algo para dar: agua, comida, transporte, un lugar o su tiempo? Cuéntelo y el equipo de la emergencia lo revisa antes de publicarlo.',
    en: 'Do you have something to give: water, food, transport, a place or your time? Tell us, and the emergency’s team reviews it before publishing it.',
  },
  offer: { es: 'Ofrecer algo', en: 'Offer something' },
  pledges: {
    es: '¿Ya dijo que va a llevar algo? Véalo con su código en {link}.',
    en: 'Already said you will bring something? See it with your code in {link}.',
  },
  pledgesLink: { es: 'Mis compromisos', en: 'My pledges' },
  twinNear: {
    es: 'Lo que falta cerca de un municipio, lo más cercano primero: {call} (CÓDIGO es el código DIVIPOLA del municipio).',
    en: 'What is missing near a municipality, nearest first: {call} (CODE is the municipality’s DIVIPOLA code).',
  },
  twinMunicipalities: {
    es: 'Municipios con solicitudes publicadas: {list}.',
    en: 'Municipalities with published requests: {list}.',
  },
} as const;
