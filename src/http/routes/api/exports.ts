// GET /api/public/v1/export.csv and export.json: HXL exports written to the response as they are read, a page at a
// time, with the stream's backpressure; never through the response cache, which keeps small bodies whole. Each
// export counts as one read.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Context } from '../../../context.ts';
import { exportCsvRoute, exportJsonRoute } from '../../../contract/routes/exports.ts';
import { hxlCsv, hxlJson } from '../../../presenters/hxl-row.ts';
import { urls } from '../../../presenters/urls.ts';
import { exportHelp } from '../../../queries/hxl-export.ts';
import type { ExportQuery } from '../../../schemas/help-query.ts';
import { HXL_CSV_MEDIA_TYPE, HXL_LICENSE } from '../../../schemas/hxl.ts';
import { apiRoute } from '../../define-route.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

const MEDIA_TYPES = {
  csv: `${HXL_CSV_MEDIA_TYPE}; charset=utf-8; header=present`,
  json: 'application/json; charset=utf-8',
} as const;

/** Header values are Latin-1 at best: the credit is written without accents. */
const CREDIT = 'CC BY-SA 4.0: cite a Ayuda Directa y, por los municipios y departamentos (DIVIPOLA), al DANE';

async function sendExport(ctx: Context, query: ExportQuery, format: 'csv' | 'json', reply: FastifyReply) {
  // Unknown emergency and the like fail here, before a byte of the export is sent.
  const pages = await exportHelp(ctx, query);
  const date = ctx.now().toISOString().slice(0, 10);
  const filename = `ayuda-directa-${query.emergencySlug ?? 'todas'}-${date}.${format}`;
  const body = format === 'csv' ? hxlCsv(pages) : hxlJson(pages);
  return reply
    .header('content-type', MEDIA_TYPES[format])
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header(
      'link',
      `<${HXL_LICENSE.url}>; rel="license", <${urls.developers(ctx.config.baseUrl)}#datos-abiertos>; ` +
        `rel="describedby"; title="${CREDIT}"`,
    )
    .send(Readable.from(body, { objectMode: false }));
}

export function exportRoutes(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  apiRoute(app, exportCsvRoute, { onRequest: limiters.reads }, ({ query }, _request, reply) =>
    sendExport(ctx, query, 'csv', reply),
  );
  apiRoute(app, exportJsonRoute, { onRequest: limiters.reads }, ({ query }, _request, reply) =>
    sendExport(ctx, query, 'json', reply),
  );
}
