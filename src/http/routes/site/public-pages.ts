// The pages people open first: home (/), an emergency's map and list, one record; each with its Markdown twin.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Context } from '../../../context.ts';
import { decimalPoint } from '../../../domain/decimal.ts';
import { choosableMunicipality, municipalityLabel } from '../../../domain/municipalities.ts';
import type { Lang } from '../../../errors.ts';
import { emergencyPublicContact, findEmergency } from '../../../queries/emergencies.ts';
import { findHelp } from '../../../queries/get-help.ts';
import { matchesFor } from '../../../queries/help-matches.ts';
import { helpMunicipalities, listHelp } from '../../../queries/list-help.ts';
import { emergencyPanorama, panorama } from '../../../queries/panorama.ts';
import { helpQuery } from '../../../schemas/help-query.ts';
import { repeatedParameters } from '../../../schemas/issues.ts';
import { parseInput } from '../../../schemas/parse.ts';
import {
  emergencyPage,
  NEAR_PARAMETER,
  type NearPlace,
  unknownNearPlace,
} from '../../../views/site/pages/emergency-page.ts';
import { homePage } from '../../../views/site/pages/home-page.ts';
import { notFoundPage } from '../../../views/site/pages/not-found-page.ts';
import { recordPage } from '../../../views/site/pages/record-page.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { queryRecord } from '../../request-values.ts';
import { type PageRoute, sitePage } from './site-page.ts';
import { registerOwnAsset } from './static-assets.ts';

registerOwnAsset('mapa.js');

/** The page's own parameters are not filters: lang picks the language, the path names the emergency. */
const notFilters = new Set(['lang', 'view', 'emergencySlug']);

/**
 * The filters of the URL, as the API reads them. A form sends every field, so an empty one means "not set";
 * a repeated one stays an array so validation can refuse it as the API does.
 */
function filtersOf(request: { query: unknown }): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(queryRecord(request)).filter(
      ([name, value]) => !notFilters.has(name) && value !== '' && value !== undefined,
    ),
  );
}

/** The place filters take "1,1495" as the forms do; the API itself keeps the decimal point only. */
const decimalFilters = new Set(['latitude', 'longitude', 'radiusKm', 'capacity']);

function withDecimalPoints(filters: Record<string, string | string[]>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, value]) => [
      name,
      decimalFilters.has(name) && typeof value === 'string' ? decimalPoint(value) : value,
    ]),
  );
}

/** The emergency's panorama, whatever its status, and its municipalities; undefined when no emergency has this slug. */
async function emergencyOf(ctx: Context, slug: string) {
  const row = await findEmergency(ctx, slug);
  if (!row) return undefined;
  const emergency = await emergencyPanorama(ctx, row);
  return emergency ? { emergency, municipalities: await helpMunicipalities(ctx, row.id) } : undefined;
}

/**
 * The page's own "near this municipality" (NEAR_PARAMETER, a DIVIPOLA code) in the API's terms: the municipality's
 * point as latitude/longitude, unless coordinates were typed (they are more precise). "Nearest first" with no
 * point at all is not an error on the page: the list stays in priority order and the page asks for a municipality.
 */
function nearQuery(
  given: Record<string, string | string[]>,
): { query: Record<string, string | string[]>; near: NearPlace | null; sortWithoutPlace: boolean } | null {
  const { [NEAR_PARAMETER]: code, ...query } = given;
  let near: NearPlace | null = null;
  if (typeof code === 'string') {
    const municipality = choosableMunicipality(code);
    if (!municipality) return null;
    near = { code, name: municipalityLabel(municipality) };
    if (query.latitude === undefined && query.longitude === undefined) {
      query.latitude = String(municipality.latitude);
      query.longitude = String(municipality.longitude);
    }
  }
  const sortWithoutPlace = query.sort === 'distance' && query.latitude === undefined && query.longitude === undefined;
  if (sortWithoutPlace) delete query.sort;
  return { query, near, sortWithoutPlace };
}

async function emergencyDocument(ctx: Context, request: FastifyRequest<PageRoute<'/emergencias/:slug'>>, lang: Lang) {
  const { slug } = request.params;
  const found = await emergencyOf(ctx, slug);
  if (!found) return notFoundPage(`/emergencias/${encodeURIComponent(slug)}`, lang);
  const { emergency, municipalities } = found;
  const given = withDecimalPoints(filtersOf(request));
  const filters = Object.fromEntries(
    Object.entries(given).map(([name, value]) => [name, Array.isArray(value) ? String(value[0]) : value]),
  );
  const base = { emergency, municipalities, filters, near: null, sortWithoutPlace: false };
  const repeated = repeatedParameters(given, lang);
  if (repeated.length > 0) return emergencyPage({ ...base, list: null, errors: repeated }, lang);
  const place = nearQuery(given);
  if (!place) return emergencyPage({ ...base, list: null, errors: [unknownNearPlace(lang)] }, lang);
  const { query, near, sortWithoutPlace } = place;
  const view = { ...base, near, sortWithoutPlace };
  const parsed = parseInput(helpQuery, { ...query, view: 'list', emergencySlug: slug }, lang);
  if (!parsed.ok) return emergencyPage({ ...view, list: null, errors: parsed.details }, lang);
  return emergencyPage({ ...view, list: await listHelp(ctx, parsed.value), errors: [] }, lang);
}

export function publicPages(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  sitePage(app, ctx, limiters, '/', async (_request, lang) => homePage(await panorama(ctx), lang));
  sitePage(app, ctx, limiters, '/emergencias/:slug', (request, lang) => emergencyDocument(ctx, request, lang));
  sitePage(app, ctx, limiters, '/ayudas/:id', async (request, lang) => {
    const { id } = request.params;
    const item = await findHelp(ctx, id);
    if (!item) return notFoundPage(`/ayudas/${encodeURIComponent(id)}`, lang);
    const matches = item.type === 'request' ? (await matchesFor(ctx, item)).matches : [];
    return recordPage(item, lang, await emergencyPublicContact(ctx, item.emergency.slug), matches);
  });
}
