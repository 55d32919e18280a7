// The weight of every public page on the demo: the same pages the walk visits (test/helpers/public-walk.ts, from the
// site's own list of pages), each as the service sends it to a phone on a weak connection. Prints one line a page:
// the HTML as rendered, compressed with gzip and with brotli as the service answers `Accept-Encoding`, and its
// Markdown twin with gzip. `node bench/page-weights.ts` (SQLite in a scratch folder; TEST_DATABASE_URL for PostgreSQL).
import { gzipSync } from 'node:zlib';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { BASE_URL, setup } from '../test/helpers/harness.ts';
import { publicPages, seededValues } from '../test/helpers/public-walk.ts';

/** The promise of the README: every page under this many bytes transferred. */
const LIMIT = 60 * 1024;

const h = await setup();
try {
  const demo = await seedDemo(h.ctx);
  const pages = publicPages(await seededValues(h, demo.emergencySlug));
  /** Bytes the service sends for this address with this Accept-Encoding (compressed by us when it sends it raw). */
  const sent = async (url: string, encoding: string) => {
    const res = await h.app.inject({
      method: 'GET',
      url,
      headers: { host: new URL(BASE_URL).host, 'accept-encoding': encoding },
    });
    const raw = res.rawPayload;
    const compressed = res.headers['content-encoding'] === encoding;
    return { status: res.statusCode, bytes: compressed ? raw.length : gzipSync(raw).length, raw: raw.length };
  };
  const rows: string[][] = [];
  let over = 0;
  for (const page of pages) {
    const plain = await sent(page.path, 'identity');
    const gzip = await sent(page.path, 'gzip');
    const brotli = await sent(page.path, 'br');
    const twin = await sent(page.twin, 'gzip');
    if (gzip.bytes > LIMIT) over++;
    rows.push([
      page.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'ID'),
      String(plain.status),
      String(plain.raw),
      String(gzip.bytes),
      String(brotli.bytes),
      String(twin.bytes),
    ]);
  }
  const head = ['page', 'status', 'html bytes', 'gzip', 'brotli', 'twin gzip'];
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(head));
  for (const row of rows) console.log(line(row));
  const sizes = rows.map((row) => Number(row[3])).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  console.log(
    `${rows.length} pages; gzip median ${median} bytes, largest ${sizes.at(-1) ?? 0}; ${over} over ${LIMIT} bytes.`,
  );
  process.exitCode = over > 0 ? 1 : 0;
} finally {
  await h.close();
}
