// HTTP clients of the cluster checks: reads from a chosen client address, the real CLI, a console browser.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';

export const HELP = '/api/public/v1/help';
const BIN = path.resolve(import.meta.dirname, '../bin/ayuda.js');

/**
 * A client address from 198.18.0.0/15 (set aside for benchmarks), sent as X-Forwarded-For. Rate limits count
 * per address in a Redis other runs may share: a fresh address keeps one check's count out of another's.
 */
export function clientAddress(): string {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

export async function getJson(
  url: string,
  address = clientAddress(),
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(url, { headers: { 'x-forwarded-for': address } });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a page, an empty 404): the text is enough for the message
  }
  return { status: response.status, body, headers: response.headers };
}

export async function postJson(url: string, body: unknown, address = clientAddress()) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** A request as an integrator would send it; the title carries a word nothing else has, to search for it. */
export function requestSubmission(emergencySlug: string, externalId: string, word: string) {
  return {
    type: 'request',
    emergencySlug,
    source: 'bench-cluster',
    externalId,
    title: `Lancha de rescate ${word}`,
    category: 'rescate',
    contactName: 'María Rojas',
    contactWhatsapp: '+573001234567',
    publishContact: true,
    address: 'Calle 8 # 5-21',
    latitude: 1.1478,
    longitude: -76.6476,
    urgency: 'urgent',
  };
}

/** A made-up word of letters only, so search finds it whole and nothing else matches it. */
export function uniqueWord(): string {
  let word = 'zq';
  for (let i = 0; i < 10; i++) word += String.fromCharCode(97 + randomInt(26));
  return word;
}

const running = new Set<ChildProcess>();

/** Ends CLI commands still running (Ctrl-C or a failure mid-check). */
export function killCliCommands(): void {
  for (const child of running) child.kill('SIGTERM');
}

/** Runs `node bin/ayuda.js ...args`; resolves when it has exited, with the moment its exit was seen. */
export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string; exitedAt: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    // 'exit' (not 'close'): the process is gone the moment this fires; staleness is measured from here.
    child.on('exit', (code) => {
      const exitedAt = performance.now();
      running.delete(child);
      child.on('close', () => resolve({ code: code ?? -1, stdout, stderr, exitedAt }));
    });
  });
}

/** A browser without JavaScript for the console: keeps cookies, reads the CSRF token of the last form. */
export class ConsoleBrowser {
  readonly cookies = new Map<string, string>();
  readonly address = clientAddress();
  csrf = '';

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': this.address,
      origin: new URL(url).origin,
    };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams({ _csrf: this.csrf, ...init.form }).toString();
    }
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.trim().split('=');
      const expired = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(text);
    if (token) this.csrf = token[1] as string;
    return { status: response.status, location: response.headers.get('location'), text };
  }
}
