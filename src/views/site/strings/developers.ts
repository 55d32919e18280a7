// Strings of /desarrolladores.
export const developers = {} as const;
