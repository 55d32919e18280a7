// Strings of the frame every public page shares: the phone menu and the footer (the rest of the frame is in
// catalogue.ts).
export const layout = {
  navMore: { es: 'Más', en: 'More' },
  navCode: { es: 'Tengo un código', en: 'I have a code' },
  navPledges: { es: 'Mis compromisos', en: 'My pledges' },
  navMyRoute: { es: 'Mi ruta', en: 'My route' },
  openData: { es: 'Datos abiertos', en: 'Open data' },
  footerPrivacy: { es: 'Privacidad', en: 'Privacy' },
} as const;
