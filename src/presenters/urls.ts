// Public addresses, built from BASE_URL in one place.
export const urls = {
  help: (base: string, id: string) => `${base}/ayudas/${encodeURIComponent(id)}`,
  emergencyPage: (base: string, slug: string) => `${base}/emergencias/${encodeURIComponent(slug)}`,
  api: (base: string, params: Record<string, string> = {}) => {
    const query = new URLSearchParams(params).toString();
    return `${base}/api/public/v1/help${query ? `?${query}` : ''}`;
  },
  inventory: (base: string, slug?: string) =>
    `${base}/api/public/v1/inventario${slug ? `?emergencia=${encodeURIComponent(slug)}` : ''}`,
  logistics: (base: string, slug: string) => `${base}/api/logistics-operations?emergencia=${encodeURIComponent(slug)}`,
  openapi: (base: string) => `${base}/api/public/openapi.json`,
  mcp: (base: string) => `${base}/mcp`,
  places: (base: string) => `${base}/api/aid-places/places`,
  /** The HXL export of one emergency, or of every active one. */
  hxlExport: (base: string, format: 'csv' | 'json', slug?: string) =>
    `${base}/api/public/v1/export.${format}${slug ? `?emergencySlug=${encodeURIComponent(slug)}` : ''}`,
  developers: (base: string) => `${base}/desarrolladores`,
  osm: (lat: number, lon: number, zoom = 17) =>
    `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`,
};
