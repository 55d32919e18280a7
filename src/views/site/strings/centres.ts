// Strings of /centros (collection centres and inventory).
export const centres = {} as const;
