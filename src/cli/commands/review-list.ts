import { AppError, detail } from '../../errors.ts';
import { findEmergency } from '../../queries/emergencies.ts';
import { INBOX_PAGE, INBOX_PAGE_MAX, parseInboxFilter, reviewInbox } from '../../queries/review-inbox.ts';
import { type CliCommand, table, UsageError, withContext } from '../io.ts';

/** CLI option -> the field the shared inbox parser names. */
const optionFor = {
  category: 'category',
  type: 'type',
  urgency: 'urgency',
  source: 'source',
  olderThanHours: 'older-than',
  after: 'after',
} as const;

export const reviewList: CliCommand = {
  path: ['review', 'list'],
  summary:
    'Envíos pendientes de revisión, en el orden de la bandeja del panel (urgentes primero, luego los que más esperan).',
  usage:
    'ayuda review list [--emergency S] [--category C] [--type request|offer] [--urgency U] [--source S] [--older-than HORAS] [--limit N] [--after CURSOR] [--json]',
  options: {
    emergency: { type: 'string' },
    category: { type: 'string' },
    type: { type: 'string' },
    urgency: { type: 'string' },
    source: { type: 'string' },
    'older-than': { type: 'string' },
    limit: { type: 'string' },
    after: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(args, io) {
    const text = (name: string) => args.values[name] as string | undefined;
    const parsed = parseInboxFilter({
      category: text('category'),
      type: text('type'),
      urgency: text('urgency'),
      source: text('source'),
      olderThanHours: text('older-than'),
      after: text('after'),
    });
    const problems = Object.entries(parsed.errors).map(
      ([name, message]) => `--${optionFor[name as keyof typeof optionFor]}: ${message}`,
    );
    if (problems.length > 0) throw new UsageError(problems.join('; '));
    const limitText = text('limit');
    const limit = limitText === undefined ? INBOX_PAGE : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > INBOX_PAGE_MAX) {
      throw new UsageError(`--limit debe ser un entero de 1 a ${INBOX_PAGE_MAX}`);
    }
    const slug = text('emergency');
    const page = await withContext(io, async (ctx) => {
      let emergencyId: string | undefined;
      if (slug) {
        const emergency = await findEmergency(ctx, slug);
        if (!emergency)
          throw new AppError('unknown_emergency', [
            detail('emergency', 'unknown_emergency', { code: 'unknown', value: slug }),
          ]);
        emergencyId = emergency.id;
      }
      return reviewInbox(ctx, { emergencyId, filter: parsed.filter, after: parsed.after, limit });
    });
    const list = page.items.map(({ record, waitingSince, cursor }) => ({
      id: record.id,
      version: record.content_version,
      type: record.type,
      kind: record.review_status === 'pending_review' ? 'submission' : 'revision',
      urgency: record.urgency,
      category: record.category,
      source: record.source,
      title: record.title,
      emergencySlug: record.emergency_slug,
      createdAt: record.created_at,
      waitingSince,
      cursor,
    }));
    if (args.values.json) {
      io.out(JSON.stringify(list));
      return 0;
    }
    if (list.length === 0) {
      io.out('No hay envíos pendientes.');
      return 0;
    }
    io.out(
      table(list, ['id', 'version', 'type', 'kind', 'urgency', 'category', 'emergencySlug', 'waitingSince', 'title']),
    );
    io.out(`${list.length} de ${page.total} pendientes.`);
    if (page.next) io.out(`Siguientes: ayuda review list --after ${page.next}  (con los mismos filtros)`);
    return 0;
  },
};
