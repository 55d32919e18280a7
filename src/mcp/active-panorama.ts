// The panorama of one active emergency, for the resources and prompts that name it: undefined when the slug is
// unknown or the emergency closed, so each caller answers "not found" in its own protocol terms.
import type { Context } from '../context.ts';
import { AppError } from '../errors.ts';
import { panorama } from '../queries/panorama.ts';
import type { Panorama } from '../schemas/public-help.ts';

export async function activePanorama(
  ctx: Context,
  slug: string,
): Promise<{ generatedAt: string; emergency: Panorama['emergencies'][number] } | undefined> {
  try {
    const result = await panorama(ctx, slug);
    const emergency = result.emergencies[0];
    return emergency ? { generatedAt: result.generatedAt, emergency } : undefined;
  } catch (err) {
    if (err instanceof AppError && err.code === 'unknown_emergency') return undefined;
    throw err;
  }
}
