// HXL exports built once and kept on disk, so a loop of export requests costs one build per change of public data
// rather than one per request, and at most EXPORT_BUILDS are built at once on an instance (then 429 export_busy).
// A file is named by the feed's head when it was built and by its filters: when public data changes (a withdrawal
// or an erasure included) every file is deleted at the next look, at most a fraction of a second later, and a file
// whose build the change overtook is deleted once its one answer is sent. Nothing published is kept longer than
// it is public.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { EXPORT_BUILDS, EXPORT_RETRY_SECONDS } from '../domain/export-limits.ts';
import { AppError, detail } from '../errors.ts';

/** How often the folder is checked against the change version when nobody asks for an export. */
const SWEEP_MS = 250;
const TEMP = '.tmp-';

export interface ExportCacheOptions {
  dir: string;
  /** 0: nothing is kept; exports are still built at most EXPORT_BUILDS at once. */
  maxBytes: number;
  /** Moves whenever public data changes (db/change-feed.ts). */
  version(): string;
  onError(err: unknown): void;
}

export interface CachedExport {
  stream: NodeJS.ReadableStream;
  /** Known for a file; unknown while a build is streamed straight out (no cache). */
  length: number | null;
}

export class ExportCache {
  readonly #options: ExportCacheOptions;
  readonly #building = new Map<string, Promise<string>>();
  #builds = 0;
  #version: string;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: ExportCacheOptions) {
    this.#options = options;
    this.#version = options.version();
  }

  /** The ETag of an export: the feed's head and the filters, so it changes with any public change. */
  static tag(head: number, format: string, filters: unknown): string {
    const hash = createHash('sha256')
      .update(JSON.stringify([format, filters]))
      .digest('base64url')
      .slice(0, 22);
    return `${head}-${hash}`;
  }

  /**
   * Deletes every kept file when public data changed since the last look. It looks on a timer only while this
   * instance keeps files, so an instance that serves no exports never polls the change version.
   */
  async sweep(): Promise<void> {
    const version = this.#options.version();
    if (version === this.#version) return;
    this.#version = version;
    await this.#remove((name) => !name.startsWith(TEMP)).catch(this.#options.onError);
    // A file built meanwhile keeps the timer: it must go at the next change too.
    if ((await this.#files()).length === 0) this.#stopLooking();
  }

  #startLooking(): void {
    this.#timer ??= setInterval(() => void this.sweep(), SWEEP_MS).unref();
  }

  #stopLooking(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  async close(): Promise<void> {
    this.#stopLooking();
  }

  /**
   * The export named `tag`: from its file when one is kept, or made by `build` (into a file, or straight out when
   * nothing is kept). Refused with 429 export_busy when EXPORT_BUILDS are already being built.
   */
  async get(tag: string, build: () => AsyncIterable<string>, retried = false): Promise<CachedExport> {
    await this.sweep();
    const { dir, maxBytes } = this.#options;
    if (maxBytes <= 0) {
      const release = this.#take();
      return { stream: streamOf(build(), release), length: null };
    }
    const file = path.join(dir, tag);
    const kept = await openIfThere(file);
    if (kept) return kept;
    let pending = this.#building.get(tag);
    if (pending === undefined) {
      const release = this.#take();
      pending = this.#build(file, build).finally(() => {
        release();
        this.#building.delete(tag);
      });
      this.#building.set(tag, pending);
    }
    const built = await pending;
    const served = await openIfThere(built);
    // Deleted between its build and this answer (another instance sharing the folder saw a change): built again.
    if (!served && !retried) return this.get(tag, build, true);
    if (!served) throw new Error(`the export built at ${built} is gone`);
    // Public data changed while it was built: this answer is the last one it gives.
    if (this.#options.version() !== this.#version || built !== file) await rm(built, { force: true });
    return served;
  }

  #take(): () => void {
    if (this.#builds >= EXPORT_BUILDS) {
      const error = new AppError('export_busy', [detail('', 'export_busy', { limit: EXPORT_BUILDS })]);
      throw Object.assign(error, { retryAfter: EXPORT_RETRY_SECONDS });
    }
    this.#builds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#builds--;
    };
  }

  /** Writes the export to a temporary file, then puts it in place; the folder stays under its size. */
  async #build(file: string, build: () => AsyncIterable<string>): Promise<string> {
    const version = this.#options.version();
    await mkdir(this.#options.dir, { recursive: true });
    const temp = path.join(this.#options.dir, `${TEMP}${randomUUID()}`);
    const handle = await open(temp, 'w');
    try {
      for await (const chunk of build()) await handle.write(chunk);
    } catch (err) {
      await handle.close();
      await rm(temp, { force: true });
      throw err;
    }
    await handle.close();
    // Overtaken by a change while it was built: kept under its own name only for this answer.
    const target = version === this.#options.version() ? file : temp;
    if (target === file) {
      await rename(temp, file);
      this.#startLooking();
    }
    await this.#trim(target);
    return target;
  }

  /** Oldest files first, until the kept ones fit in maxBytes (the one just built stays for its answer). */
  async #trim(keep: string): Promise<void> {
    const entries = await this.#files();
    let total = entries.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of entries.sort((a, b) => a.mtimeMs - b.mtimeMs)) {
      if (total <= this.#options.maxBytes) return;
      if (entry.file === keep) continue;
      await rm(entry.file, { force: true });
      total -= entry.size;
    }
  }

  async #files(): Promise<{ file: string; size: number; mtimeMs: number }[]> {
    const names = await readdir(this.#options.dir).catch(() => [] as string[]);
    const entries = [];
    for (const name of names) {
      if (name.startsWith(TEMP)) continue;
      const file = path.join(this.#options.dir, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) entries.push({ file, size: info.size, mtimeMs: info.mtimeMs });
    }
    return entries;
  }

  async #remove(match: (name: string) => boolean): Promise<void> {
    const names = await readdir(this.#options.dir).catch(() => [] as string[]);
    await Promise.all(names.filter(match).map((name) => rm(path.join(this.#options.dir, name), { force: true })));
  }
}

/** The file opened now, so a later deletion cannot take it from under the answer; null when it is not there. */
async function openIfThere(file: string): Promise<CachedExport | null> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return null;
  const { size } = await handle.stat();
  // The handle's own stream closes the handle when it ends or is destroyed.
  return { stream: handle.createReadStream({ autoClose: true }), length: size };
}

/** A build streamed straight out; its slot is freed when the stream closes, however it ends. */
function streamOf(chunks: AsyncIterable<string>, release: () => void): NodeJS.ReadableStream {
  const stream = Readable.from(chunks, { objectMode: false });
  stream.once('close', release);
  return stream;
}
