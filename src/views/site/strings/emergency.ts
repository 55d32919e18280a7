// Strings of /emergencias/:slug (map, filters, list).
export const emergency = {} as const;
