// An intake's 401 names the headers its own provider sends (from its adapter) and no other provider's: a refused
// caller learns what this intake wants, not which other integrations the service runs.
import type { FastifyRequest } from 'fastify';
import type { ChannelAdapter } from '../../../channels/adapter.ts';
import { AppError, type ErrorDetail } from '../../../errors.ts';
import { preferredLanguage } from '../../language.ts';

const MISSING = { es: 'Falta o no es correcta.', en: 'Missing or wrong.' };
const EITHER = { es: 'Basta una de estas cabeceras.', en: 'Any one of these headers is enough.' };

export function intakeUnauthorized(adapter: ChannelAdapter, request: FastifyRequest): AppError {
  const lang = preferredLanguage(request.headers['accept-language']);
  const message = adapter.proofHeaders.length > 1 ? `${MISSING[lang]} ${EITHER[lang]}` : MISSING[lang];
  const details: ErrorDetail[] = adapter.proofHeaders.map((field) => ({ field, message, code: 'unauthorized' }));
  return new AppError('integration_unauthorized', details);
}
