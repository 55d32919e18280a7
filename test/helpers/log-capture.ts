// Every line an app logs, as written: a stream for buildApp(..., { logger: { stream } }).
import { Writable } from 'node:stream';

export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  get text(): string {
    return this.lines.join('\n');
  }
  parsed(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line));
  }
}
