// Strings of /rutas (logistics routes).
export const routes = {} as const;
