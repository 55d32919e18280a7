// Strings of the frame every public page shares: the phone menu and the footer (the rest of the frame is in
// catalogue.ts).
export const layout = {
  navMore: { es: 'Más', en: 'More' },
  navStatus: { es: 'Consultar estado', en: 'Check a status' },
  openData: { es: 'Datos abiertos', en: 'Open data' },
  footerPrivacy: { es: 'Privacidad', en: 'Privacy' },
} as const;
