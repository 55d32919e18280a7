// GET /ayudar ("Quiero ayudar") and its twin: each active emergency with the municipalities of its published
// records, for the "near me" forms; then the way to offer something.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import { activeEmergencies } from '../../../queries/emergencies.ts';
import { helpMunicipalities } from '../../../queries/list-help.ts';
import { helpChoicePage } from '../../../views/site/pages/help-choice-page.ts';
import { HELP_CHOICE_PATH } from '../../../views/site/site-paths.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';
import { sitePage } from './site-page.ts';

export function helpChoicePages(app: FastifyInstance, ctx: Context, limiters: Limiters): void {
  sitePage(app, ctx, limiters, HELP_CHOICE_PATH, async (_request, lang) => {
    const emergencies = await Promise.all(
      (await activeEmergencies(ctx)).map(async (e) => ({
        slug: e.slug,
        name: e.name,
        municipalities: await helpMunicipalities(ctx, e.id),
      })),
    );
    return helpChoicePage(emergencies, lang);
  });
}
