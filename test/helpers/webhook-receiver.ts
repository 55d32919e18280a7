// A webhook receiver on 127.0.0.1, as an integrator would run one: it verifies every message with the
// standardwebhooks package's own Webhook.verify and records what came. Each path answers from its plan: a status,
// a redirect, or "hold" (read the message, never answer), then 200 once the plan is used up.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Step = number | 'hold' | 'redirect';

export interface Received {
  path: string;
  id: string;
  timestamp: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body parsed, when the signature verified. */
  payload: any;
  verified: boolean;
}

export class WebhookReceiver {
  readonly received: Received[] = [];
  readonly #plans = new Map<string, Step[]>();
  readonly #secrets = new Map<string, string>();
  readonly #server = http.createServer((request, response) => this.#handle(request, response));
  #base = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#base = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  url(path: string, host = '127.0.0.1'): string {
    return `${this.#base.replace('127.0.0.1', host)}${path}`;
  }

  /** The secret the messages to this path are verified with. */
  trust(path: string, secret: string): void {
    this.#secrets.set(path, secret);
  }

  plan(path: string, steps: Step[]): void {
    this.#plans.set(path, [...steps]);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  #handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = new URL(request.url ?? '/', this.#base).pathname;
      const secret = this.#secrets.get(path);
      let payload: unknown = null;
      let verified = false;
      try {
        if (secret) {
          payload = new Webhook(secret).verify(body, request.headers as Record<string, string>);
          verified = true;
        }
      } catch {}
      this.received.push({
        path,
        id: String(request.headers['webhook-id']),
        timestamp: String(request.headers['webhook-timestamp']),
        headers: request.headers,
        body,
        payload,
        verified,
      });
      const step = this.#plans.get(path)?.shift() ?? 200;
      if (step === 'hold') return;
      if (step === 'redirect') {
        response.writeHead(302, { location: this.url('/destino-de-redireccion') }).end();
        return;
      }
      response.writeHead(verified ? step : 401, { 'content-type': 'text/plain' }).end(verified ? 'ok' : 'firma');
    });
  }
}
