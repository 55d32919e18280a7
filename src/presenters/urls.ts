// Public addresses, built from BASE_URL in one place.
import { EXCEL_CSV } from '../schemas/help-query.ts';

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
  /** The HXL export of one emergency, or of every active one; excel: the CSV for a spreadsheet set to Spanish. */
  hxlExport: (base: string, format: 'csv' | 'json' | 'excel', slug?: string) => {
    const query = new URLSearchParams(slug ? { emergencySlug: slug } : {});
    if (format === 'excel') query.set('excel', EXCEL_CSV);
    const search = query.toString();
    return `${base}/api/public/v1/export.${format === 'json' ? 'json' : 'csv'}${search ? `?${search}` : ''}`;
  },
  developers: (base: string) => `${base}/desarrolladores`,
  osm: (lat: number, lon: number, zoom = 17) =>
    `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`,
};
