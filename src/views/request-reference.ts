// The request's reference on an error page, for the person to read out to the team. Error pages are built in many
// places that do not hold the request, so a page carries this slot and the HTTP layer, which sends every page, puts
// the request's id in it (src/http/app.ts). `%` never reaches a page unescaped from a URL (it is percent-encoded
// there), and neither the HTML nor the Markdown renderer changes it.
export const REFERENCE_SLOT = '%REFERENCIA%';

export const referenceLabel = { es: 'Referencia', en: 'Reference' } as const;
