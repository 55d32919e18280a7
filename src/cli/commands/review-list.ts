import { AppError } from '../../errors.ts';
import { findEmergencyBySlug } from '../../repositories/emergencies.ts';
import { pendingSubmissions } from '../../repositories/help-records.ts';
import { type CliCommand, table, withContext } from '../io.ts';

export const reviewList: CliCommand = {
  path: ['review', 'list'],
  summary: 'Envíos pendientes de revisión (urgentes primero, luego los más antiguos).',
  usage: 'ayuda review list [--emergency S] [--json]',
  options: { emergency: { type: 'string' }, json: { type: 'boolean' } },
  async run(args, io) {
    const slug = args.values.emergency as string | undefined;
    const rows = await withContext(io, async (ctx) => {
      let emergencyId: string | undefined;
      if (slug) {
        const emergency = await findEmergencyBySlug(ctx.db, slug);
        if (!emergency) throw new AppError('unknown_emergency', [{ field: 'emergency', message: slug }]);
        emergencyId = emergency.id;
      }
      return pendingSubmissions(ctx.db, emergencyId);
    });
    const list = rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      emergencySlug: r.emergency_slug,
      createdAt: r.created_at,
      urgency: r.urgency,
      kind: r.review_status === 'pending_review' ? 'submission' : 'revision',
    }));
    if (args.values.json) io.out(JSON.stringify(list));
    else
      io.out(
        list.length
          ? table(list, ['id', 'type', 'kind', 'urgency', 'emergencySlug', 'createdAt', 'title'])
          : 'No hay envíos pendientes.',
      );
    return 0;
  },
};
