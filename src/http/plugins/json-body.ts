// The only body parser of the API: JSON, bounded in size and depth, no repeated keys.
import type { FastifyInstance } from 'fastify';
import { bounds } from '../../domain/bounds.ts';
import { AppError, detail } from '../../errors.ts';
import { scanJson } from '../json-scan.ts';

export function registerJsonBody(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_req, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(new AppError('empty_body'), undefined);
    const scan = scanJson(text, bounds.maxJsonDepth);
    if (scan.problem === 'json_too_deep') return done(new AppError('json_too_deep'), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return done(new AppError('invalid_json', [detail('', 'syntax', { value: (err as Error).message })]), undefined);
    }
    if (scan.problem === 'duplicate_json_key') {
      return done(new AppError('duplicate_json_key', [detail(scan.key ?? '', 'duplicate_key')]), undefined);
    }
    done(null, value);
  });
}
