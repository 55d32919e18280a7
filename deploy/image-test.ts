// npm run image:test: builds the base image (Containerfile.base, from Debian's packages) and the service's image
// (Dockerfile) with podman, starts a container on a fresh data volume, creates an emergency and submits through it
// while it runs, stops it with SIGTERM in the middle of the submissions, starts it again on the same volume and
// checks that every submission it acknowledged (202) is there. Prints what each step took.
//
// Needs podman (Debian's package) and, for the base's root file system, debootstrap; both run as root here. The
// root file system is cached in ~/.cache/ayuda-directa/image so later runs skip debootstrap.
import { type SpawnOptions, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(homedir(), '.cache', 'ayuda-directa', 'image');
const ROOTFS_TAR = path.join(CACHE, 'debian-rootfs.tar');
const BASE_IMAGE = 'localhost/ayuda-directa-base:bookworm';
const IMAGE = 'localhost/ayuda-directa:test';
const SLUG = 'prueba-imagen';
/**
 * Some sandboxes refuse raising a limit (no CAP_SYS_RESOURCE): the container's are set below the host's, which
 * is always allowed.
 */
const LIMITS = ['--ulimit', 'nofile=4096:4096', '--ulimit', 'nproc=4096:4096'];

interface Run {
  code: number;
  out: string;
}

function run(command: string, args: string[], options: SpawnOptions & { quiet?: boolean } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const take = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!options.quiet) process.stdout.write(chunk);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

async function must(command: string, args: string[], options: SpawnOptions & { quiet?: boolean } = {}) {
  const result = await run(command, args, options);
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.code}:\n${result.out.slice(-2000)}`);
  return result.out;
}

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const value = await step();
  console.log(`== ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return value;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * crun cannot start a container on a cgroup-v1 host whose cgroup2 mount still holds a controller ("cgroups in hybrid
 * mode not supported"): such a controller is mounted on its own v1 hierarchy instead, as root, once per boot.
 */
async function prepareCgroups(): Promise<void> {
  const unified = '/sys/fs/cgroup/unified/cgroup.controllers';
  if (!existsSync(unified)) return;
  const controllers = readFileSync(unified, 'utf8').trim().split(/\s+/).filter(Boolean);
  for (const controller of controllers) {
    const target = `/sys/fs/cgroup/${controller}`;
    console.log(`moving the ${controller} controller from cgroup2 to ${target} (hybrid hosts only)`);
    mkdirSync(target, { recursive: true });
    await must('mount', ['-t', 'cgroup', '-o', controller, 'cgroup', target]);
  }
}

async function rootfs(): Promise<void> {
  if (existsSync(ROOTFS_TAR)) return;
  mkdirSync(CACHE, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'ayuda-rootfs-'));
  try {
    await must('debootstrap', [
      '--variant=minbase',
      '--include=ca-certificates,curl,postgresql-client',
      'bookworm',
      dir,
      'http://deb.debian.org/debian',
    ]);
    // Package lists and caches are not part of an image.
    await must('sh', ['-c', `rm -rf "${dir}"/var/cache/apt/archives/*.deb "${dir}"/var/lib/apt/lists/*`]);
    await must('tar', ['-C', dir, '--numeric-owner', '-cf', `${ROOTFS_TAR}.part`, '.']);
    await must('mv', [`${ROOTFS_TAR}.part`, ROOTFS_TAR]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function buildBase(): Promise<void> {
  const context = mkdtempSync(path.join(tmpdir(), 'ayuda-base-'));
  try {
    await must('ln', [ROOTFS_TAR, path.join(context, 'debian-rootfs.tar')]).catch(() =>
      must('cp', [ROOTFS_TAR, path.join(context, 'debian-rootfs.tar')]),
    );
    writeFileSync(path.join(context, 'Containerfile'), readFileSync(path.join(ROOT, 'Containerfile.base')));
    // The certificate authorities this host added, so the build can reach the npm registry through the same proxy.
    const authorities = path.join(context, 'ca-certificates');
    mkdirSync(authorities);
    const local = '/usr/local/share/ca-certificates';
    for (const name of existsSync(local) ? readdirSync(local) : []) {
      if (name.endsWith('.crt')) copyFileSync(path.join(local, name), path.join(authorities, name));
    }
    await must('podman', ['build', '--format', 'docker', '--network', 'host', ...LIMITS, '-t', BASE_IMAGE, context]);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

async function buildImage(): Promise<void> {
  await must('podman', [
    'build',
    '--format',
    'docker',
    '--network',
    'host',
    ...LIMITS,
    '--build-arg',
    `BASE=${BASE_IMAGE}`,
    '-f',
    path.join(ROOT, 'Dockerfile'),
    '-t',
    IMAGE,
    ROOT,
  ]);
}

async function start(name: string, volume: string, port: number): Promise<void> {
  await must('podman', [
    'run',
    '-d',
    '--name',
    name,
    '--network',
    'host',
    ...LIMITS,
    '-v',
    `${volume}:/data`,
    '-e',
    `PORT=${port}`,
    '-e',
    'HOST=127.0.0.1',
    '-e',
    `BASE_URL=http://127.0.0.1:${port}`,
    // Every acknowledged submission is read back at once: the per-address limits must not answer for them.
    '-e',
    'RATE_LIMIT_SUBMISSIONS_PER_MINUTE=10000000',
    '-e',
    'RATE_LIMIT_READS_PER_MINUTE=10000000',
    IMAGE,
  ]);
}

async function ready(base: string, name: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const logs = await run('podman', ['logs', name], { quiet: true });
  throw new Error(`the container was not ready in 90 s:\n${logs.out.slice(-3000)}`);
}

function submission(n: number) {
  return {
    type: 'request',
    source: 'prueba-imagen',
    externalId: `imagen-${n}`,
    emergencySlug: SLUG,
    title: `Agua potable para la vereda ${n}`,
    category: 'agua',
    urgency: 'needed',
    quantityRequired: 10,
    unit: 'bidones',
    contactName: 'Persona de prueba',
    contactWhatsapp: '+573001234567',
    publishContact: true,
    latitude: 1.15,
    longitude: -76.64,
    address: 'Calle 8 # 5-21',
  };
}

/** Submits one after another until told to stop; returns the ids of the answers that were 202. */
async function submitUntil(base: string, stop: { now: boolean }): Promise<{ acknowledged: string[]; refused: number }> {
  const acknowledged: string[] = [];
  let refused = 0;
  for (let n = 0; !stop.now && n < 5000; n++) {
    try {
      const res = await fetch(`${base}/api/public/v1/help`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(submission(n)),
      });
      if (res.status === 202) acknowledged.push(((await res.json()) as { id: string }).id);
      else refused++;
    } catch {
      refused++;
    }
  }
  return { acknowledged, refused };
}

async function main(): Promise<void> {
  const engine = await run('podman', ['--version'], { quiet: true }).catch(() => null);
  if (engine?.code !== 0) {
    console.error('podman is not installed: apt-get install -y --no-install-recommends podman debootstrap');
    process.exit(2);
  }
  const started = Date.now();
  await prepareCgroups();
  await timed('root file system (debootstrap, cached)', rootfs);
  await timed('base image (Containerfile.base)', buildBase);
  await timed('service image (Dockerfile)', buildImage);
  const volume = mkdtempSync(path.join(tmpdir(), 'ayuda-volume-'));
  // The image runs as uid 10001; the volume must be its own.
  await must('chown', ['10001:10001', volume]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const name = `ayuda-image-test-${process.pid}`;
  try {
    await timed('start until /readyz', async () => {
      await start(name, volume, port);
      await ready(base, name);
    });
    const health = await run('podman', ['healthcheck', 'run', name], { quiet: true });
    if (health.code !== 0) throw new Error(`the image's HEALTHCHECK failed: ${health.out}`);
    await must('podman', [
      'exec',
      name,
      'node',
      'bin/ayuda.js',
      'emergency',
      'create',
      '--slug',
      SLUG,
      '--name',
      'Prueba de la imagen',
      '--lat',
      '1.15',
      '--lon',
      '-76.64',
    ]);
    const stop = { now: false };
    const submitting = submitUntil(base, stop);
    // Let some land, then SIGTERM in the middle of the stream.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const stopped = await timed('podman stop (SIGTERM)', () =>
      run('podman', ['stop', '--time', '15', name], { quiet: true }),
    );
    stop.now = true;
    const { acknowledged, refused } = await submitting;
    const exit = await run('podman', ['inspect', '--format', '{{.State.ExitCode}}', name], { quiet: true });
    console.log(`acknowledged ${acknowledged.length}, refused or cut ${refused}; exit code ${exit.out.trim()}`);
    if (stopped.code !== 0) throw new Error(`podman stop failed: ${stopped.out}`);
    if (exit.out.trim() !== '0') throw new Error(`the service did not exit cleanly on SIGTERM (${exit.out.trim()})`);
    if (acknowledged.length === 0) throw new Error('no submission was acknowledged before the stop');
    await must('podman', ['rm', name], { quiet: true });
    await timed('start again on the same volume', async () => {
      await start(name, volume, port);
      await ready(base, name);
    });
    const lost: string[] = [];
    for (const id of acknowledged) {
      const receipt = await fetch(`${base}/recibido/${id}`);
      // Only a 404 says the record is not there; any other answer is the check failing, not a loss.
      if (receipt.status !== 200 && receipt.status !== 404) {
        throw new Error(`reading ${id} back answered ${receipt.status}`);
      }
      if (receipt.status === 404 || !(await receipt.text()).includes('Agua potable para la vereda')) lost.push(id);
    }
    if (lost.length > 0) throw new Error(`${lost.length} acknowledged submissions are missing: ${lost.join(', ')}`);
    console.log(`all ${acknowledged.length} acknowledged submissions are there after SIGTERM and a new start`);
  } finally {
    await run('podman', ['rm', '-f', name], { quiet: true });
    // Layers of earlier builds that no tag names any more: the machine's disk is not a registry.
    await run('podman', ['image', 'prune', '-f'], { quiet: true });
    rmSync(volume, { recursive: true, force: true });
  }
  console.log(`image test passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
