// KoboToolbox as an intake-only channel: a form's REST service posts each submission with the shared secret in
// X-Ayuda-Kobo-Secret, checked before the body is read; the submission goes through the same command as the API
// (schemas/kobo-submission.ts reads it). Nobody converses on it and nothing is sent back through it.
import type { ChannelAdapter } from './adapter.ts';
import { sharedSecretMatches } from './signatures.ts';

export const kobo = {
  label: 'KoboToolbox',
  configured: (config) => config.koboSecret !== null,
  authentic: (config, request) =>
    config.koboSecret !== null && sharedSecretMatches(config.koboSecret, request.headers['x-ayuda-kobo-secret']),
  proofHeaders: ['X-Ayuda-Kobo-Secret'],
  conversation: null,
} satisfies ChannelAdapter;
