// Strings of /necesito-ayuda, /quiero-ayudar and the receipt.
export const forms = {} as const;
