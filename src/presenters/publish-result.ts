// PublishResult (SPEC 2.5), with a message a person can read.
import { AppError } from '../errors.ts';
import type { HelpRow } from '../repositories/help-records/records.ts';
import type { PublishResult } from '../schemas/publish-result.ts';
import { type PlaceColumns, promiseSentence } from './place-promise.ts';

const messages = {
  created: {
    request: 'Recibimos su solicitud. El equipo de la emergencia la revisará antes de publicarla.',
    offer: 'Recibimos su ofrecimiento. El equipo de la emergencia lo revisará antes de publicarlo.',
  },
  revised: 'Recibimos los cambios. El equipo de la emergencia los revisará antes de publicarlos.',
  pending: 'Este envío ya estaba recibido y sigue en revisión; no se creó un duplicado.',
  approved: 'Este envío ya estaba recibido y está publicado; no se creó un duplicado.',
  rejected: 'Este envío ya estaba recibido y no fue aprobado; envíe cambios para una nueva revisión.',
  joined: 'Este envío ya estaba recibido y el equipo lo unió a una publicación igual; no se creó un duplicado.',
};

export function presentPublishResult(
  record: Pick<HelpRow, 'id' | 'review_status' | 'pending_revision'> & PlaceColumns,
  emergencySlug: string,
  outcome: 'created' | 'revised' | 'unchanged',
  given: {
    /** Only to its sender: the 202 that created the pair, or a repeat that proves itself (commands/submit-help.ts). */
    receiptCode?: string;
    /** Only on the 202 that created the pair (and the stored replay of it). */
    editToken?: string;
  } = {},
): PublishResult {
  const { receiptCode, editToken } = given;
  // submitHelp refuses a withdrawn pair before it gets here.
  if (record.review_status === 'withdrawn') throw new AppError('help_withdrawn');
  const waiting = record.review_status === 'pending_review' || record.pending_revision !== null;
  let message: string;
  // A new submission is told what its approval will publish: the same words its sender read before sending.
  if (outcome === 'created') message = `${messages.created[record.type]} ${promiseSentence(record)}`;
  else if (outcome === 'revised') message = messages.revised;
  else if (waiting) message = messages.pending;
  else if (record.review_status === 'joined') message = messages.joined;
  else message = record.review_status === 'approved' ? messages.approved : messages.rejected;
  return {
    ok: true,
    queued: waiting,
    id: record.id,
    type: record.type,
    emergencySlug,
    // A joined pair is not published under its id: the contract's three values say so with 'rejected'; the message
    // tells it apart.
    reviewStatus: waiting ? 'pending_review' : record.review_status === 'joined' ? 'rejected' : record.review_status,
    message,
    ...(receiptCode === undefined ? {} : { receiptCode }),
    ...(editToken === undefined ? {} : { editToken }),
  };
}
