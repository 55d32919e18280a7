// Strings of / (home).
export const home = {} as const;
