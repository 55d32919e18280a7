// A browser without JavaScript for the console: keeps cookies, reads the CSRF token from the last form.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { createAccount } from '../../src/commands/create-account.ts';
import type { Harness } from './harness.ts';

export const PASSWORD = 'contraseña-de-prueba-1';

export class Browser {
  readonly h: Harness;
  readonly cookies = new Map<string, string>();
  csrf = '';
  last: LightMyRequestResponse | undefined;
  /** Sent as X-Forwarded-For: the client address when the service trusts its proxy. */
  readonly address: string | undefined;
  constructor(h: Harness, address?: string) {
    this.h = h;
    this.address = address;
  }

  #remember(res: LightMyRequestResponse): void {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(res.body);
    if (token) this.csrf = token[1] as string;
    this.last = res;
  }

  #headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return this.address ? { cookie, 'x-forwarded-for': this.address } : { cookie };
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const res = await this.h.app.inject({ method: 'GET', url, headers: { ...this.#headers(), ...headers } });
    this.#remember(res);
    return res;
  }

  /** Posts a form; `_csrf` is the token of the last page unless the fields say otherwise. */
  async post(
    url: string,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const body = new URLSearchParams({ _csrf: this.csrf, ...fields }).toString();
    const res = await this.h.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...this.#headers(), ...headers },
    });
    this.#remember(res);
    return res;
  }

  async signIn(email: string, password = PASSWORD): Promise<LightMyRequestResponse> {
    await this.get('/panel/entrar');
    return this.post('/panel/entrar', { email, password });
  }
}

let accounts = 0;
/** Creates an account through the same command the CLI uses and signs a fresh browser in. */
export async function leader(h: Harness, emergencySlugs: string[], role: 'leader' | 'admin' = 'leader') {
  accounts++;
  const email = `lider${accounts}-${process.pid}@ayuda.test`;
  const account = await createAccount(
    h.ctx,
    { email, name: `Líder ${accounts} ${randomUUID().slice(0, 8)}`, password: PASSWORD, role, emergencySlugs },
    'test',
  );
  const browser = new Browser(h);
  const res = await browser.signIn(email);
  assert.equal(res.statusCode, 303, res.body);
  return { browser, account, email };
}

/** The number shown in "Pendientes de revisión: N". */
export function pendingShown(body: string): number {
  const match = /Pendientes de revisión: <strong>(\d+)<\/strong>/.exec(body);
  assert.ok(match, 'the pending count is on the page');
  return Number(match[1]);
}
