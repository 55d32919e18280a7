// The checks of `npm run cluster`: what two instances behind a balancer must share, each measured and judged.

import { randomUUID } from 'node:crypto';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { MAX_AGE_MS } from '../src/contract/cache-rules.ts';
import { STREAM_CHECK_MS } from '../src/http/routes/mcp/open-streams.ts';
import {
  ConsoleBrowser,
  clientAddress,
  getJson,
  HELP,
  postJson,
  requestSubmission,
  runCli,
  uniqueWord,
} from './cluster-client.ts';
import type { Cluster } from './cluster-setup.ts';
import { UPSTREAM_HEADER } from './proxy.ts';
import { fixed } from './report.ts';

export interface CheckRow {
  check: string;
  figure: string;
  bound: string;
  pass: boolean;
}

export interface CheckContext {
  cluster: Cluster;
  emergencySlug: string;
  /** Approvals measured by the staleness check. */
  trials: number;
  /** RATE_LIMIT_READS_PER_MINUTE of both instances. */
  readLimit: number;
}

/** Staleness expected when notifications work: well under this. */
const EXPECTED_STALENESS_MS = 1_000;
/** Polling gives up past the bound that holds even when a notification is missed. */
const GIVE_UP_MS = MAX_AGE_MS + 5_000;
const LEADER_PASSWORD = 'clave-de-prueba-del-cluster';

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

const ms = (value: number) => `${fixed(value, 1)} ms`;
const cliEnv = (ctx: CheckContext) => ({ DATABASE_URL: ctx.cluster.databaseUrl });

/** Submits to A; returns the new id and the word its title carries. */
async function submitToA(ctx: CheckContext): Promise<{ id: string; word: string }> {
  const word = uniqueWord();
  const body = requestSubmission(ctx.emergencySlug, `cluster-${randomUUID()}`, word);
  const sent = await postJson(`${ctx.cluster.a.url}${HELP}`, body);
  if (sent.status !== 202) throw new Error(`submission to A answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  return { id: (sent.body as { id: string }).id, word };
}

/** The content version `ayuda review list` shows for a pending submission: what an approval must name. */
async function reviewedVersion(ctx: CheckContext, id: string): Promise<string> {
  const listed = await runCli(
    ['review', 'list', '--emergency', ctx.emergencySlug, '--json', '--limit', '1000'],
    cliEnv(ctx),
  );
  if (listed.code !== 0) throw new Error(`ayuda review list exited ${listed.code}: ${listed.stderr}`);
  const entry = (JSON.parse(listed.stdout) as { id: string; version: number }[]).find((e) => e.id === id);
  if (!entry) throw new Error(`${id} is not in the review inbox`);
  return String(entry.version);
}

/** Approves with the real CLI, naming the version listed; the time of its exit starts the staleness clock. */
async function approveWithCli(ctx: CheckContext, id: string): Promise<number> {
  const version = await reviewedVersion(ctx, id);
  const approved = await runCli(['review', 'approve', id, '--version', version], cliEnv(ctx));
  if (approved.code !== 0) throw new Error(`ayuda review approve ${id} exited ${approved.code}: ${approved.stderr}`);
  return approved.exitedAt;
}

/**
 * One trial: B has cached the search and the detail before the approval; then B is asked again and again
 * until both show the record. Every poll comes from a new address: the low read limit of the rate-limit check
 * must not answer these. Returns the times from the CLI's exit to the first answers that showed it.
 */
interface Seen {
  /** ms from the CLI's exit to the answer that first showed the record. */
  ms: number;
  /** Whether the very first question after the exit already got it (then ms is one round trip). */
  first: boolean;
}

async function stalenessTrial(ctx: CheckContext): Promise<{ list: Seen; detail: Seen }> {
  const { id, word } = await submitToA(ctx);
  const b = ctx.cluster.b.url;
  const listUrl = `${b}${HELP}?view=list&emergencySlug=${ctx.emergencySlug}&q=${word}`;
  const detailUrl = `${b}${HELP}?view=detail&id=${id}`;
  const before = await getJson(listUrl);
  if (before.status !== 200 || (before.body as { total: number }).total !== 0)
    throw new Error(`B listed the record before its approval: ${JSON.stringify(before.body)}`);
  if ((await getJson(detailUrl)).status !== 404) throw new Error('B showed the record before its approval');
  const exitedAt = await approveWithCli(ctx, id);
  // Two loops at once, each timed to the first answer that showed the record.
  const until = async (url: string, shows: (answer: { status: number; body: unknown }) => boolean) => {
    for (let polls = 1; ; polls++) {
      const answer = await getJson(url);
      const elapsed = performance.now() - exitedAt;
      if (shows(answer)) return { ms: elapsed, first: polls === 1 };
      if (elapsed > GIVE_UP_MS) throw new Error(`B did not show ${id} within ${GIVE_UP_MS} ms of the CLI's exit`);
    }
  };
  const [list, detail] = await Promise.all([
    until(listUrl, (answer) => (answer.body as { total?: number }).total === 1),
    until(detailUrl, (answer) => answer.status === 200),
  ]);
  return { list, detail };
}

export async function stalenessCheck(ctx: CheckContext): Promise<CheckRow[]> {
  const lists: Seen[] = [];
  const details: Seen[] = [];
  for (let i = 0; i < ctx.trials; i++) {
    const { list, detail } = await stalenessTrial(ctx);
    lists.push(list);
    details.push(detail);
  }
  const row = (what: string, seen: Seen[]): CheckRow => {
    const sorted = seen.map((s) => s.ms).sort((x, y) => x - y);
    const max = sorted[sorted.length - 1] as number;
    const first = seen.filter((s) => s.first).length;
    return {
      check: `approved by the CLI, seen in B's ${what} (${seen.length} trials)`,
      figure: `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(max)}; ${first}/${seen.length} on the first poll`,
      bound: `max < ${fixed(EXPECTED_STALENESS_MS)} ms (${fixed(MAX_AGE_MS / 1000)} s if a NOTIFY is missed)`,
      pass: max < EXPECTED_STALENESS_MS,
    };
  };
  return [row('search list', lists), row('detail', details)];
}

/** Reads through the proxy from one address: A and B take turns, and the 429s must start after the shared limit. */
export async function rateLimitCheck(ctx: CheckContext): Promise<CheckRow[]> {
  const address = clientAddress();
  const url = `${ctx.cluster.proxy.url}${HELP}?view=list&limit=1&emergencySlug=${ctx.emergencySlug}`;
  const statuses: number[] = [];
  const upstreams = new Set<string>();
  let alternated = true;
  let previous = '';
  for (let i = 0; i < 2 * ctx.readLimit + 4; i++) {
    const { status, headers } = await getJson(url, address);
    const upstream = headers.get(UPSTREAM_HEADER) ?? '';
    if (upstream === previous) alternated = false;
    previous = upstream;
    upstreams.add(upstream);
    statuses.push(status);
  }
  const first429 = statuses.indexOf(429) + 1;
  const tail = statuses.slice(ctx.readLimit);
  const exact =
    statuses.slice(0, ctx.readLimit).every((s) => s === 200) && tail.length > 0 && tail.every((s) => s === 429);
  return [
    {
      check: `reads through the proxy (A, B, A, ...) from one address, limit ${ctx.readLimit}/min each`,
      figure: `first 429 at read #${first429 || 'none'}; ${statuses.filter((s) => s === 429).length} of ${statuses.length} refused; served by ${upstreams.size} instances${alternated ? ', alternating' : ''}`,
      bound: `first 429 at #${ctx.readLimit + 1} (not #${2 * ctx.readLimit + 1})`,
      pass: exact && alternated && upstreams.size === 2,
    },
  ];
}

/**
 * The SDK's client; `upstreams` lists, in order, which instance the proxy sent each POST to. `modern` pins
 * protocol 2026-07-28 (no session); otherwise the client opens a 2025-11-25 session.
 */
function mcpClient(url: string, address: string, sessionId?: string, modern = false) {
  const client = new Client(
    { name: 'ayuda-cluster-check', version: '1.0.0' },
    { versionNegotiation: { mode: modern ? { pin: '2026-07-28' } : 'legacy' } },
  );
  const upstreams: string[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    sessionId,
    requestInit: { headers: { 'x-forwarded-for': address } },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'POST') upstreams.push(response.headers.get(UPSTREAM_HEADER) ?? '?');
      return response;
    },
  });
  return { client, transport, upstreams };
}

/** The session opened on A is continued on B with the same Mcp-Session-Id, and ended there for both. */
export async function mcpCheck(ctx: CheckContext): Promise<CheckRow[]> {
  const address = clientAddress();
  const onA = mcpClient(ctx.cluster.a.url, address);
  await onA.client.connect(onA.transport); // initialize, on A
  const sessionId = onA.transport.sessionId as string;
  // With a session id already set, the SDK client skips initialize: the first message B sees is tools/call.
  const onB = mcpClient(ctx.cluster.b.url, address, sessionId);
  try {
    await onB.client.connect(onB.transport);
    const called = (await onB.client.callTool({ name: 'listar_emergencias', arguments: {} })) as {
      isError?: boolean;
      content: { type: string; text: string }[];
    };
    const text = called.content.map((c) => c.text).join('');
    const continued = !called.isError && text.includes(ctx.emergencySlug);
    await onB.transport.terminateSession(); // DELETE on B
    const afterEnd = await fetch(`${ctx.cluster.a.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        'x-forwarded-for': address,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
    });
    await afterEnd.body?.cancel();
    return [
      {
        check: 'MCP: initialize on A, tools/call on B (same Mcp-Session-Id)',
        figure: continued ? 'B answered listar_emergencias' : `B answered: ${text.slice(0, 120)}`,
        bound: 'a result naming the emergency',
        pass: continued,
      },
      {
        check: 'MCP: DELETE on B ends the session on A',
        figure: `A answers ${afterEnd.status}`,
        bound: '404',
        pass: afterEnd.status === 404,
      },
    ];
  } finally {
    await onB.client.close().catch(() => {});
    await onA.client.close().catch(() => {});
  }
}

/** A whole SDK session through the proxy: its messages and its event stream land on both instances. */
export async function mcpThroughProxyCheck(ctx: CheckContext): Promise<CheckRow[]> {
  const address = clientAddress();
  const { client, transport, upstreams } = mcpClient(ctx.cluster.proxy.url, address);
  await client.connect(transport);
  try {
    let answered = 0;
    for (let i = 0; i < 4; i++) {
      const result = (await client.callTool({ name: 'consultar_panorama', arguments: {} })) as { isError?: boolean };
      if (!result.isError) answered++;
    }
    // The server's event stream, read through the proxy: its headers must arrive while it stays open.
    const controller = new AbortController();
    const started = performance.now();
    const stream = await fetch(`${ctx.cluster.proxy.url}/mcp`, {
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': transport.sessionId as string,
        'mcp-protocol-version': transport.protocolVersion ?? '2025-11-25',
        'x-forwarded-for': address,
      },
      signal: controller.signal,
    });
    const headersMs = performance.now() - started;
    const streaming = stream.status === 200 && /text\/event-stream/.test(stream.headers.get('content-type') ?? '');
    controller.abort();
    await stream.body?.cancel().catch(() => {});
    return [
      {
        check: 'MCP through the proxy: initialize and 4 tools/call, then a GET event stream',
        figure: `${answered}/4 answered, POSTs served by ${upstreams.map((i) => 'AB'[Number(i)] ?? i).join('')}; stream ${stream.status} ${stream.headers.get('content-type') ?? '-'} in ${ms(headersMs)}`,
        bound: '4/4 on both; 200 event stream while open',
        pass: answered === 4 && new Set(upstreams).size === 2 && streaming && headersMs < 2_000,
      },
    ];
  } finally {
    await transport.terminateSession().catch(() => {});
    await client.close().catch(() => {});
  }
}

/** A 2026-07-28 client through the proxy: no session, so every request may land on either instance. */
export async function mcpModernThroughProxyCheck(ctx: CheckContext): Promise<CheckRow[]> {
  const address = clientAddress();
  const { client, transport, upstreams } = mcpClient(ctx.cluster.proxy.url, address, undefined, true);
  await client.connect(transport); // server/discover
  try {
    let answered = 0;
    for (let i = 0; i < 4; i++) {
      const result = (await client.callTool({ name: 'listar_emergencias', arguments: {} })) as {
        isError?: boolean;
        content: { text?: string }[];
      };
      if (!result.isError && result.content.some((c) => c.text?.includes(ctx.emergencySlug))) answered++;
    }
    const version = client.getNegotiatedProtocolVersion();
    return [
      {
        check: 'MCP 2026-07-28 through the proxy: server/discover and 4 tools/call, no session',
        figure: `version ${version}; ${answered}/4 answered; POSTs served by ${upstreams.map((i) => 'AB'[Number(i)] ?? i).join('')}`,
        bound: '2026-07-28; 4/4 on both instances',
        pass: version === '2026-07-28' && answered === 4 && new Set(upstreams).size === 2,
      },
    ];
  } finally {
    await client.close().catch(() => {});
  }
}

/**
 * DELETE ends the session's open GET streams, also those another instance holds: each instance checks the
 * session rows of its open streams every STREAM_CHECK_MS.
 */
export async function mcpDeleteEndsStreamsCheck(ctx: CheckContext): Promise<CheckRow[]> {
  const address = clientAddress();
  const { client, transport } = mcpClient(ctx.cluster.a.url, address);
  await client.connect(transport);
  const headers = {
    'mcp-session-id': transport.sessionId as string,
    'mcp-protocol-version': transport.protocolVersion ?? '2025-11-25',
    'x-forwarded-for': address,
  };
  const controller = new AbortController();
  try {
    const stream = await fetch(`${ctx.cluster.a.url}/mcp`, {
      headers: { ...headers, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const reader = stream.body?.getReader();
    const ended = (async () => {
      while (reader && !(await reader.read()).done) {}
      return true;
    })().catch(() => false);
    const deleted = await fetch(`${ctx.cluster.b.url}/mcp`, { method: 'DELETE', headers });
    const waitMs = STREAM_CHECK_MS + 2_000;
    const endedInTime = await Promise.race([ended, new Promise<false>((r) => setTimeout(() => r(false), waitMs))]);
    return [
      {
        check: 'MCP: DELETE on B ends the GET stream the session holds on A',
        figure: `DELETE ${deleted.status}; stream on A ${endedInTime ? 'ended' : `still open after ${waitMs / 1000} s`}`,
        bound: 'ended',
        pass: endedInTime,
      },
    ];
  } finally {
    controller.abort();
    await client.close().catch(() => {});
  }
}

/** Signed in on A, the cookie works on B; a form token read on A is accepted by a POST on B. */
export async function consoleCheck(ctx: CheckContext): Promise<CheckRow[]> {
  const { a, b } = ctx.cluster;
  const email = `lider-${randomUUID().slice(0, 8)}@cluster.ayuda.test`;
  const created = await runCli(
    ['leader', 'create', '--email', email, '--name', 'Líder del clúster', '--emergency', ctx.emergencySlug],
    { ...cliEnv(ctx), AYUDA_PASSWORD: LEADER_PASSWORD },
  );
  if (created.code !== 0) throw new Error(`ayuda leader create exited ${created.code}: ${created.stderr}`);
  const browser = new ConsoleBrowser();
  await browser.request(`${a.url}/panel/entrar`);
  const signedIn = await browser.request(`${a.url}/panel/entrar`, {
    method: 'POST',
    form: { email, password: LEADER_PASSWORD },
  });
  const home = await browser.request(`${b.url}/panel`);
  const knownOnB = home.status === 200 && home.text.includes('Líder del clúster');

  const { id } = await submitToA(ctx);
  const review = await browser.request(`${a.url}/panel/e/${ctx.emergencySlug}/revisar/${id}`);
  const tokenFromA = browser.csrf;
  const approved = await browser.request(`${b.url}/panel/e/${ctx.emergencySlug}/revisar/${id}/aprobar`, {
    method: 'POST',
    form: { _csrf: tokenFromA, note: '', version: /name="version" value="(\d+)"/.exec(review.text)?.[1] ?? '' },
  });
  const published = await getJson(`${ctx.cluster.proxy.url}${HELP}?view=detail&id=${id}`);
  const approvedOnB = approved.status === 303 && /hecho=aprobada/.test(approved.location ?? '');
  return [
    {
      check: 'console: signed in on A (leader made by the CLI), cookie used on B',
      figure: `sign-in on A ${signedIn.status}; /panel on B ${home.status}${knownOnB ? ' with the leader' : ''}`,
      bound: '303; 200 signed in',
      pass: signedIn.status === 303 && knownOnB,
    },
    {
      check: 'console: CSRF token read on A, approval POSTed on B',
      figure: `review page on A ${review.status}; POST on B ${approved.status} -> ${approved.location ?? '-'}; public detail ${published.status}`,
      bound: '200; 303 ?hecho=aprobada; 200',
      pass: review.status === 200 && tokenFromA !== '' && approvedOnB && published.status === 200,
    },
  ];
}
