// Strings of /ayudas/:id (one record).
export const record = {} as const;
