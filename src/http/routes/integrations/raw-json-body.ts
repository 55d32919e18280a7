// Bodies of signed webhooks: kept as the bytes that arrived, because the signature is over them. The route checks
// the signature first and only then reads the JSON, with the same limits as every other body.
import type { FastifyInstance } from 'fastify';
import { bounds } from '../../../domain/bounds.ts';
import { AppError, detail } from '../../../errors.ts';
import { scanJson } from '../../json-scan.ts';

export function registerRawJsonBody(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
    done(null, body);
  });
}

/** The JSON of a raw body whose signature was checked, or the API's own 400 for a malformed one. */
export function parseRawJson(raw: unknown): unknown {
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : '';
  if (text.trim() === '') throw new AppError('empty_body');
  const scan = scanJson(text, bounds.maxJsonDepth);
  if (scan.problem === 'json_too_deep') throw new AppError('json_too_deep');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new AppError('invalid_json', [detail('', 'syntax', { value: (err as Error).message })]);
  }
  if (scan.problem === 'duplicate_json_key') {
    throw new AppError('duplicate_json_key', [detail(scan.key ?? '', 'duplicate_key')]);
  }
  return value;
}

export function rawBytes(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}
