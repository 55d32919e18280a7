// Senders for the crash run: each posts new submissions back to back and records what, if anything, was answered.
import http from 'node:http';
import { requestBody } from './generate.ts';
import type { Random } from './prng.ts';

const HELP = '/api/public/v1/help';
const REQUEST_TIMEOUT_MS = 10_000;
// While the service is down every attempt is refused at once; a pause keeps that from becoming a busy loop.
const PAUSE_AFTER_ERROR_MS = 20;

/** One submission: status 0 means no response (refused, or the connection broke before a status line). */
export interface Outcome {
  externalId: string;
  status: number;
  /** The record id from a complete 202 body; null when none arrived. */
  id: string | null;
  /** ECONNREFUSED: the request never reached a process, so it cannot have been committed. */
  refused: boolean;
}

export interface Senders {
  outcomes: Outcome[];
  /** Requests sent and not yet answered or failed. */
  inFlight(): number;
  /** 202s received so far. */
  acknowledged(): number;
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<void>;
}

function post(agent: http.Agent, url: string, body: string, outcome: Outcome): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(
      `${url}${HELP}`,
      {
        method: 'POST',
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        // The status line alone counts: the service sends 202 only after the commit, body or no body.
        outcome.status = response.statusCode ?? 0;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          if (outcome.status === 202) outcome.id = (JSON.parse(text) as { id: string }).id;
        });
        // A body cut by the kill: what matters, the status, has already been recorded.
        response.on('error', () => {});
        response.on('close', resolve);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (outcome.status === 0) outcome.refused = err.code === 'ECONNREFUSED';
      resolve();
    });
    request.end(body);
  });
}

export function startSenders(options: {
  url: string;
  count: number;
  source: string;
  emergencySlug: string;
  random: Random;
}): Senders {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.count });
  const outcomes: Outcome[] = [];
  let inFlight = 0;
  let acknowledged = 0;
  let stopping = false;
  const sender = async () => {
    while (!stopping) {
      const externalId = `envio-${outcomes.length}`;
      const body = JSON.stringify({
        ...requestBody(options.random, options.source, externalId),
        emergencySlug: options.emergencySlug,
      });
      const outcome: Outcome = { externalId, status: 0, id: null, refused: false };
      outcomes.push(outcome);
      inFlight++;
      await post(agent, options.url, body, outcome);
      inFlight--;
      if (outcome.status === 202) acknowledged++;
      if (outcome.status === 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_ERROR_MS));
    }
  };
  const loops = Array.from({ length: options.count }, sender);
  return {
    outcomes,
    inFlight: () => inFlight,
    acknowledged: () => acknowledged,
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}
