// Where the review backlog stands: records planted at known ages on the test clock (which starts on Sunday
// 2026-05-10 at 12:00 UTC, 07:00 in Colombia), decisions at known hours, a late pledge and a quiet route; the figures
// of reviewStats, the inbox header line, the digest's charts with their tables, and `ayuda review stats`. The person
// behind the oldest urgent request, a pledger and a route volunteer carry names and numbers found nowhere else: none
// of them may appear in the figures.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { reviewStatsText } from '../src/cli/commands/review-stats.ts';
import { approveWithEdits } from '../src/commands/approve-with-edits.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { setLogisticsStatus } from '../src/commands/set-logistics-status.ts';
import { submissionFields } from '../src/commands/submission-fields.ts';
import { isOverduePledge } from '../src/domain/pledge-overdue.ts';
import { QUIET_ROUTE_HOURS } from '../src/domain/quiet-routes.ts';
import { type ReviewStats, reviewHistory, reviewStats } from '../src/queries/review-stats.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { backlogSummary, waitedFor } from '../src/views/console/backlog-summary.ts';
import { barChart, barGeometry } from '../src/views/console/bar-chart.ts';
import { panelPaths } from '../src/views/console/layout.ts';
import { runCli } from './helpers/cli.ts';
import { leader } from './helpers/console.ts';
import { addEmergency, BASE_URL, type Harness, HELP, publish, requestBody, setup, submit } from './helpers/harness.ts';

const MAIN = 'creciente-rio-mocoa';
const OTHER = 'sismo-pasto';
/** Found nowhere else in the suite: if any of these shows up in the figures, something personal leaked. */
const SECRET = {
  name: 'Hermelinda Quiñónez Tapasco',
  phone: '+573009998877',
  pledger: 'Eustaquio Benavides Ordóñez',
  pledgerPhone: '+573118887766',
  volunteer: '+573227776655',
};
const URGENT_TITLE = 'Agua potable para el albergue del colegio';

let h: Harness;
let mainId = '';
let otherId = '';
const ids = { urgentOld: '', urgentNew: '', published: '' };
let stats: ReviewStats;

const hours = (n: number) => h.clock.advanceHours(n);

before(async () => {
  h = await setup();
  mainId = (await addEmergency(h, MAIN, 'Creciente del río Mocoa')).id;
  otherId = (await addEmergency(h, OTHER, 'Sismo en Pasto')).id;
  const body = (overrides: Record<string, unknown> = {}) => requestBody({ emergencySlug: MAIN, ...overrides });

  // Sunday 12:00 UTC (NOW − 58 h): the urgent request that will have waited longest, and one published at once.
  ids.urgentOld = await submit(
    h,
    body({ title: URGENT_TITLE, urgency: 'urgent', contactName: SECRET.name, contactWhatsapp: SECRET.phone }),
  );
  ids.published = await publish(h, body({ title: 'Bidones para la vereda', quantityRequired: 50, unit: 'bidones' }));
  // Another emergency's urgent request, older than any in MAIN: it must not count there.
  await submit(h, requestBody({ emergencySlug: OTHER, urgency: 'urgent', title: 'Carpas para Pasto' }));

  hours(24); // Monday 12:00 UTC (NOW − 34 h): one rejected, one left waiting, and a route assigned and left alone.
  await rejectSubmission(h.ctx, await submit(h, body({ title: 'Repetida' })), 'test', 'Repetida');
  const corrected = body({ title: 'Mercados para el barrio Obrero' });
  const correctedId = await submit(h, corrected);
  const route = (title: string) =>
    createLogisticsOperation(
      h.ctx,
      {
        emergencySlug: MAIN,
        destinationHelpId: ids.published,
        title,
        supplyDescription: 'Bidones de agua de 20 litros',
        pickupAddress: 'Parque principal de Mocoa',
        pickupLatitude: 1.1497,
        pickupLongitude: -76.6469,
        volunteerContact: SECRET.volunteer,
      },
      'test',
    );
  const quiet = await route('Llevar bidones a la vereda');
  await setLogisticsStatus(h.ctx, quiet.id, 'assigned', 'test');
  await route('Ruta disponible sin voluntario'); // available: waiting for a volunteer is not "quiet"

  hours(26); // NOW − 8 h: a newer urgent request.
  ids.urgentNew = await submit(h, body({ title: 'Medicinas urgentes', urgency: 'urgent' }));

  hours(3); // NOW − 5 h: a pledge due in an hour (late by NOW), one due in two days, a route moved now.
  for (const [deliverWithinHours, contactName, contactWhatsapp] of [
    [1, SECRET.pledger, SECRET.pledgerPhone],
    [48, 'Rosa Mendoza', '+573205550123'],
  ] as const) {
    const res = await h.json({
      method: 'POST',
      url: `${HELP}/${ids.published}/pledges`,
      payload: { quantity: 5, deliverWithinHours, contactName, contactWhatsapp },
    });
    assert.equal(res.status, 202, JSON.stringify(res.body));
  }
  const moving = await route('Ruta en marcha');
  await setLogisticsStatus(h.ctx, moving.id, 'assigned', 'test');

  hours(2); // NOW − 3 h
  await submit(h, body({ title: 'Cobijas para el coliseo' }));
  hours(0.5); // NOW − 2.5 h: a decision in the hour 3 to 2 hours ago.
  await publish(h, body({ title: 'Linternas' }));

  hours(11 / 6); // NOW − 40 min: in the last hour, an approval with a correction, a rejection, and another emergency's.
  const {
    emergency_id: _e,
    identity_document: _d,
    ...edits
  } = submissionFields(
    helpSubmission.parse({ ...corrected, title: 'Mercados para el barrio Obrero (40 familias)' }),
    mainId,
    null,
  );
  await approveWithEdits(h.ctx, correctedId, edits, 'test', null);
  await rejectSubmission(h.ctx, await submit(h, body({ title: 'Prueba' })), 'test', 'No es una necesidad');
  await publish(h, requestBody({ emergencySlug: OTHER, title: 'Agua para Pasto' }));

  hours(0.5); // NOW − 10 min
  await submit(h, body({ title: 'Pañales para el albergue' }));
  hours(1 / 6); // NOW: Tuesday 2026-05-12 22:00 UTC, 17:00 in Colombia.
  stats = await reviewStats(h.ctx, mainId);
});
after(() => h.close());

/** Every string in a value, keys and values alike. */
const secretsIn = (text: string) => Object.values(SECRET).filter((secret) => text.includes(secret));

describe('reviewStats', () => {
  test('what waits, by age: under 1 h, 1 to 6 h, over 6 h', () => {
    assert.deepEqual(stats.pending, { under1h: 1, from1hTo6h: 1, over6h: 2, total: 4 });
  });

  test('the urgent submission that has waited longest in this emergency: id, title, age', () => {
    assert.equal(stats.oldestUrgent?.id, ids.urgentOld);
    assert.equal(stats.oldestUrgent?.title, URGENT_TITLE);
    assert.equal(stats.oldestUrgent?.waitingMinutes, 58 * 60);
  });

  test('decisions of the last hour by outcome, and per hour for a day', () => {
    assert.deepEqual(stats.decisions.lastHour, { approved: 1, rejected: 1, joined: 0, corrected: 1, total: 2 });
    const { hourly } = stats.decisions;
    assert.equal(hourly.length, 24);
    assert.equal(hourly.at(-1)?.to, stats.generatedAt, 'the newest hour ends now');
    assert.deepEqual(
      hourly.map((hour) => hour.total),
      [...Array(21).fill(0), 1, 0, 2],
      'the approval 2.5 h ago sits in the hour 3 to 2 hours ago; the older decisions are out of the day',
    );
    assert.equal(hourly[21]?.approved, 1);
    for (const [i, hour] of hourly.entries()) {
      assert.equal(Date.parse(hour.to) - Date.parse(hour.from), 3_600_000);
      if (i > 0) assert.equal(hour.from, hourly[i - 1]?.to, 'hours follow each other');
    }
  });

  test('one late pledge (open, past its date) and one quiet route (assigned, untouched for a day)', () => {
    assert.equal(stats.overduePledges, 1);
    assert.equal(stats.quietRoutes, 1);
    assert.equal(stats.quietRouteHours, QUIET_ROUTE_HOURS);
  });

  test('an emergency with its own figures, and one with nothing is all zeros', async () => {
    const other = await reviewStats(h.ctx, otherId);
    assert.equal(other.pending.total, 1);
    assert.equal(other.oldestUrgent?.title, 'Carpas para Pasto');
    assert.equal(other.decisions.lastHour.approved, 1);
    assert.deepEqual([other.overduePledges, other.quietRoutes], [0, 0]);
    const empty = (await addEmergency(h, 'sequia-guajira', 'Sequía en La Guajira')).id;
    const none = await reviewStats(h.ctx, empty);
    assert.deepEqual(none.pending, { under1h: 0, from1hTo6h: 0, over6h: 0, total: 0 });
    assert.equal(none.oldestUrgent, null);
    assert.equal(none.decisions.lastHour.total, 0);
  });

  test('the last seven Colombian days: new submissions waiting at each day’s end and decisions per day', async () => {
    const days = await reviewHistory(h.ctx, mainId);
    assert.deepEqual(
      days.map((d) => [d.day, d.pendingAtEnd, d.decisions.total]),
      [
        ['2026-05-06', 0, 0],
        ['2026-05-07', 0, 0],
        ['2026-05-08', 0, 0],
        ['2026-05-09', 0, 0],
        ['2026-05-10', 1, 1],
        ['2026-05-11', 2, 1],
        ['2026-05-12', 4, 3],
      ],
    );
  });

  test('the figures carry no name or number of anyone', () => {
    assert.deepEqual(secretsIn(JSON.stringify(stats)), []);
  });
});

test('isOverduePledge: open and past its date only', () => {
  const now = new Date('2026-05-12T22:00:00.000Z');
  const past = '2026-05-12T21:59:59.000Z';
  assert.equal(isOverduePledge({ status: 'open', deliverBy: past }, now), true);
  assert.equal(isOverduePledge({ status: 'open', deliverBy: now.toISOString() }, now), false);
  for (const status of ['reported', 'delivered', 'cancelled', 'expired', 'disputed'] as const) {
    assert.equal(isOverduePledge({ status, deliverBy: past }, now), false, status);
  }
});

describe('bar chart', () => {
  test('bars scale to the largest value, a zero is a hairline, all inside the picture', () => {
    const bars = barGeometry([0, 5, 10, -3, Number.NaN]);
    const [zero, half, full, negative, nan] = bars;
    assert.equal(zero?.height, 1);
    assert.equal(negative?.height, 1);
    assert.equal(nan?.height, 1);
    assert.ok(full && half && Math.abs(full.height - 2 * half.height) <= 1, JSON.stringify(bars));
    for (const [i, bar] of bars.entries()) {
      assert.ok(bar.x >= 0 && bar.x + bar.width <= 320 && bar.y >= 0 && bar.y + bar.height <= 120, `bar ${i}`);
      if (i > 0) assert.ok(bar.x >= (bars[i - 1]?.x ?? 0) + (bars[i - 1]?.width ?? 0), 'bars do not overlap');
    }
    assert.deepEqual(barGeometry([]), []);
  });

  test('an inline svg named by its title, the figures in a table, no style attribute and no script', () => {
    const markup = barChart({
      id: 'prueba',
      title: 'Pendientes <al final> del día',
      labels: ['lun 11', 'mar 12'],
      values: [1200, 3],
      valueHeader: 'Pendientes',
    }).toString();
    assert.match(markup, /<svg [^>]*role="img"[^>]*aria-labelledby="prueba-titulo"/);
    assert.match(
      markup,
      /<title id="prueba-titulo">Pendientes &lt;al final&gt; del día\. lun 11: 1\.200, mar 12: 3\.<\/title>/,
    );
    assert.match(markup, /<tr><th scope="row">lun 11<\/th><td>1\.200<\/td><\/tr>/);
    assert.equal((markup.match(/<rect /g) ?? []).length, 2);
    assert.doesNotMatch(markup, /style=|<script|<img/);
  });
});

test('waitedFor: minutes, hours, days in words a leader reads at a glance', () => {
  assert.deepEqual([0, 45, 60, 190, 47 * 60 + 59, 48 * 60, 58 * 60, 75 * 60].map(waitedFor), [
    '0 min',
    '45 min',
    '1 h',
    '3 h 10 min',
    '47 h 59 min',
    '2 d',
    '2 d 10 h',
    '3 d 3 h',
  ]);
});

test('the inbox header line: counts in words, the oldest urgent one linked, nothing personal', () => {
  const line = backlogSummary(stats, (id) => panelPaths.record(MAIN, id)).toString();
  assert.match(
    line,
    /<strong>4 pendientes<\/strong>: 1 de menos de 1 h, 1 de 1 a 6 h, <strong>2 de más de 6 h<\/strong>/,
  );
  assert.ok(line.includes(`href="${panelPaths.record(MAIN, ids.urgentOld)}">${URGENT_TITLE}</a> (2 d 10 h)`), line);
  assert.match(
    line,
    /Última hora: 1 aprobada \(1 con correcciones\), 1 rechazada · 1 compromiso vencido · 1 ruta sin movimiento hace 24 h\./,
  );
  assert.match(line, /aria-label="Cómo va la revisión"/);
  assert.deepEqual(secretsIn(line), []);
});

test('the digest shows the figures and two charts with their tables, within the console CSP', async () => {
  const { browser } = await leader(h, [MAIN]);
  const res = await browser.get(panelPaths.digest(MAIN));
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-security-policy']), /style-src 'self'/);
  const start = res.body.indexOf('<section class="card" id="revision">');
  const end = res.body.indexOf('id="compromisos-vencidos"');
  assert.ok(start >= 0 && end > start, 'the review section comes first');
  const section = res.body.slice(start, end);
  assert.match(section, /4 pendientes/);
  for (const id of ['grafica-pendientes', 'grafica-decisiones']) {
    assert.match(section, new RegExp(`<figure class="chart" id="${id}">\\s*<svg [^>]*aria-labelledby="${id}-titulo"`));
  }
  assert.match(section, /<title id="grafica-pendientes-titulo">[^<]*dom 10: 1, lun 11: 2, mar 12: 4\.<\/title>/);
  assert.match(section, /<title id="grafica-decisiones-titulo">[^<]*dom 10: 1, lun 11: 1, mar 12: 3\.<\/title>/);
  assert.match(section, /<tr><th scope="row">mar 12<\/th><td>4<\/td><\/tr>/);
  assert.doesNotMatch(section, /style=|<script/);
  assert.deepEqual(secretsIn(section), []);
  // The digest does name the late pledger, privately, further down: the section above is clean, not the page empty.
  assert.ok(res.body.slice(end).includes(SECRET.pledger));
});

describe('ayuda review stats', () => {
  test('the text for people: every figure on its line, in Spanish', () => {
    const text = reviewStatsText(MAIN, stats);
    for (const line of [
      `Revisión de ${MAIN} (${stats.generatedAt})`,
      '  Pendientes: 4 (menos de 1 h: 1; de 1 a 6 h: 1; más de 6 h: 2)',
      `  Urgente que más espera: ${ids.urgentOld} «${URGENT_TITLE}», hace 58 h`,
      '  Decisiones en la última hora: 2 (aprobadas: 1, de ellas con correcciones: 1; rechazadas: 1; unidas como duplicadas: 0)',
      '  Compromisos vencidos: 1',
      '  Rutas sin movimiento hace 24 h: 1',
    ]) {
      assert.ok(text.split('\n').includes(line), `${line}\nin:\n${text}`);
    }
    assert.match(
      text,
      /Decisiones en 24 h: 3; la hora con más: 2; por hora, de la más antigua a la última: (0 ){21}1 0 2$/m,
    );
  });

  // The binary reads the real clock, so only what does not depend on it is asserted: the counts, not their ages.
  test('the command: --json with stable keys, text for people, nothing personal, an unknown emergency refused', async () => {
    const env = { DATABASE_URL: h.dbUrl, BASE_URL, AYUDA_ACTOR: 'operadora' };
    const json = await runCli(['review', 'stats', '--emergency', MAIN, '--json'], env);
    assert.equal(json.code, 0, json.stderr);
    const [only, ...rest] = JSON.parse(json.stdout) as (ReviewStats & { slug: string })[];
    assert.equal(rest.length, 0);
    assert.deepEqual(Object.keys(only ?? {}).sort(), [
      'decisions',
      'generatedAt',
      'oldestUrgent',
      'overduePledges',
      'pending',
      'quietRouteHours',
      'quietRoutes',
      'slug',
    ]);
    assert.equal(only?.slug, MAIN);
    assert.equal(only?.pending.total, 4);
    assert.equal(only?.oldestUrgent?.id, ids.urgentOld);
    assert.deepEqual(Object.keys(only?.decisions.lastHour ?? {}).sort(), [
      'approved',
      'corrected',
      'joined',
      'rejected',
      'total',
    ]);
    assert.deepEqual(secretsIn(json.stdout), []);

    const all = await runCli(['review', 'stats'], env);
    assert.equal(all.code, 0, all.stderr);
    assert.ok(
      all.stdout.includes(`Revisión de ${MAIN} (`) && all.stdout.includes(`Revisión de ${OTHER} (`),
      all.stdout,
    );
    assert.ok(all.stdout.includes('  Pendientes: 4 ('), all.stdout);
    assert.ok(all.stdout.includes(`«${URGENT_TITLE}»`), all.stdout);
    assert.deepEqual(secretsIn(all.stdout), []);

    const digest = await runCli(['digest', '--emergency', MAIN], env);
    assert.equal(digest.code, 0, digest.stderr);
    assert.ok(digest.stdout.includes(`Revisión de ${MAIN} (`), digest.stdout);
    assert.match(digest.stdout, /^Por día \(.*\): pendientes al final del día .*; decisiones /m);

    const unknown = await runCli(['review', 'stats', '--emergency', 'no-existe'], env);
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /No hay ninguna emergencia con ese slug/);
  });
});
