// GET /api/public/v1/export.csv and export.json: HXL exports built once per change of public data and kept on disk
// (http/export-cache.ts), with an ETag that changes with the feed's head, so asking again costs a file read or a
// 304; at most two are built at once on an instance. Never through the response cache, which keeps small bodies
// whole. Each export counts as one read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../../context.ts';
import { exportCsvRoute, exportJsonRoute } from '../../../contract/routes/exports.ts';
import { csvDialect } from '../../../presenters/csv-text.ts';
import { hxlCsv, hxlJson } from '../../../presenters/hxl-row.ts';
import { urls } from '../../../presenters/urls.ts';
import { feedHead } from '../../../queries/changes.ts';
import { emergencyScope } from '../../../queries/emergency-scope.ts';
import { exportHelp } from '../../../queries/hxl-export.ts';
import type { CsvExportQuery, ExportQuery } from '../../../schemas/help-query.ts';
import { HXL_CSV_MEDIA_TYPE, HXL_LICENSE } from '../../../schemas/hxl.ts';
import type { PublicHelp } from '../../../schemas/public-help.ts';
import { apiRoute } from '../../define-route.ts';
import { ExportCache } from '../../export-cache.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

const MEDIA_TYPES = {
  csv: `${HXL_CSV_MEDIA_TYPE}; charset=utf-8; header=present`,
  json: 'application/json; charset=utf-8',
} as const;

/** Header values are Latin-1 at best: the credit is written without accents. */
const CREDIT = 'CC BY-SA 4.0: cite a Ayuda Directa y, por los municipios y departamentos (DIVIPOLA), al DANE';

/** One kind of export: its name in the cache key, the end of its file name, its media type and how it is written. */
interface ExportKind {
  key: string;
  ending: string;
  mediaType: string;
  write: (pages: AsyncIterable<PublicHelp[]>) => AsyncGenerator<string>;
}

const JSON_EXPORT: ExportKind = { key: 'json', ending: '.json', mediaType: MEDIA_TYPES.json, write: hxlJson };

/** The CSV in the dialect its query asks for: the standard one keeps its key and name, excel=1 has its own. */
function csvExport(query: CsvExportQuery): ExportKind {
  const dialect = csvDialect(query.excel !== undefined);
  return {
    key: `csv${dialect.fileSuffix}`,
    ending: `${dialect.fileSuffix}.csv`,
    mediaType: MEDIA_TYPES.csv,
    write: (pages) => hxlCsv(pages, dialect),
  };
}

/** The export's records as text, read a page at a time (queries/hxl-export.ts). */
async function* exportBody(ctx: Context, query: ExportQuery, kind: ExportKind): AsyncGenerator<string> {
  yield* kind.write(await exportHelp(ctx, query));
}

export function exportRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  const cache = new ExportCache({
    dir: ctx.config.exportCache.dir,
    maxBytes: ctx.config.exportCache.maxBytes,
    version: () => ctx.changes.version(),
    onError: (err) => app.log.error({ err }, 'export cache sweep failed'),
  });
  app.addHook('onClose', async () => cache.close());

  const sendExport = async (query: ExportQuery, kind: ExportKind, request: FastifyRequest, reply: FastifyReply) => {
    // Unknown emergency and the like fail here, before a byte of the export is sent.
    await emergencyScope(ctx.db, query.emergencySlug);
    const tag = `${ExportCache.tag(await feedHead(ctx), kind.key, query)}${kind.ending}`;
    const etag = `"${tag}"`;
    const date = ctx.now().toISOString().slice(0, 10);
    const filename = `ayuda-directa-${query.emergencySlug ?? 'todas'}-${date}${kind.ending}`;
    reply
      .header('etag', etag)
      .header('cache-control', 'no-cache')
      .header(
        'link',
        `<${HXL_LICENSE.url}>; rel="license", <${urls.developers(ctx.config.baseUrl)}#datos-abiertos>; ` +
          `rel="describedby"; title="${CREDIT}"`,
      );
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const out = await cache.get(tag, () => exportBody(ctx, query, kind));
    if (out.length !== null) reply.header('content-length', out.length);
    return reply
      .header('content-type', kind.mediaType)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(out.stream);
  };

  apiRoute(app, exportCsvRoute, { onRequest: limiters.reads }, ({ query }, request, reply) =>
    sendExport(query, csvExport(query), request, reply),
  );
  apiRoute(app, exportJsonRoute, { onRequest: limiters.reads }, ({ query }, request, reply) =>
    sendExport(query, JSON_EXPORT, request, reply),
  );
}
