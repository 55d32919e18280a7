// Two instances of the service on one PostgreSQL and one Redis, behind the round-robin proxy; as one function.
import path from 'node:path';
import pg from 'pg';
import { type Child, freePort, startChild } from './children.ts';
import { SERVICE_NODE_ARGS } from './service-node-args.ts';

export const CLUSTER_DATABASE_URL =
  process.env.CLUSTER_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/ayuda_cluster';
export const CLUSTER_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export interface Cluster {
  a: Child;
  b: Child;
  proxy: Child;
  databaseUrl: string;
  redisUrl: string;
  /** Every process started, to stop them and to read their memory. */
  children: Child[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** The database to DROP, recreate and share; CLUSTER_DATABASE_URL by default. */
  databaseUrl?: string;
  /** V8 flags of both instances; by default those of `npm start`. */
  nodeArgs?: string[];
  /** Extra environment for both instances (rate limits, log level). */
  env?: NodeJS.ProcessEnv;
  /** Filled after the database is recreated and migrated, before the instances start (bulk data). */
  prepare?: (databaseUrl: string) => Promise<void>;
  /** Told when a child exits on its own: the caller decides whether that fails the run. */
  onCrash: (message: string) => void;
  /** Told of each process as soon as it is ready, so a Ctrl-C during start-up can stop it too. */
  onStart?: (child: Child) => void;
}

/** Drops and creates the database named in url (connections left by a killed run are ended first). */
export async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name "${name}" in ${url}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const databaseUrl = options.databaseUrl ?? CLUSTER_DATABASE_URL;
  const redisUrl = CLUSTER_REDIS_URL;
  await recreateDatabase(databaseUrl);
  await options.prepare?.(databaseUrl);
  const children: Child[] = [];
  const stop = async () => {
    await Promise.all(children.splice(0).map((child) => child.stop()));
  };
  try {
    // The proxy's address is the public one: links, MCP Host/Origin checks and console forms name it.
    const proxyPort = await freePort();
    const baseUrl = `http://127.0.0.1:${proxyPort}`;
    const serve = path.join(import.meta.dirname, 'serve.ts');
    const instance = async (name: string) =>
      startChild(name, serve, {
        // The same Node flags as `npm start` (bench/service-node-args.ts).
        nodeArgs: options.nodeArgs ?? SERVICE_NODE_ARGS,
        env: {
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          BASE_URL: baseUrl,
          // Only the proxy (and these scripts, on the same host) may name the client in X-Forwarded-For.
          TRUST_PROXY: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ...options.env,
        },
        onCrash: options.onCrash,
      }).then((child) => {
        options.onStart?.(child);
        return child;
      });
    // Started together on purpose: both migrate at start, under the migration lock.
    const started = await Promise.allSettled([instance('instance A'), instance('instance B')]);
    for (const result of started) if (result.status === 'fulfilled') children.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const [a, b] = children as [Child, Child];
    const proxy = await startChild('proxy', path.join(import.meta.dirname, 'proxy.ts'), {
      env: { PROXY_TARGETS: `${a.url},${b.url}`, PORT: String(proxyPort), HOST: '127.0.0.1' },
      onCrash: options.onCrash,
    });
    options.onStart?.(proxy);
    children.push(proxy);
    return { a, b, proxy, databaseUrl, redisUrl, children, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
