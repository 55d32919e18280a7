// How a console decision answers: a page redirect back to where the leader was, or, for the console script, a few
// bytes of JSON so the inbox goes on without reloading.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../../context.ts';
import type { EmergencyRow } from '../../../queries/emergencies.ts';
import type { HelpRow } from '../../../queries/record-in-emergency.ts';
import type { FormBody } from '../../forms/form-body.ts';
import { currentUser, seeOther } from './guard.ts';
import { afterDecision, placeOfForm } from './inbox-view.ts';

/** What the inbox says after one decision, after the record's title. */
export const decidedWords: Record<string, string> = {
  aprobada: 'aprobada: ya es pública.',
  rechazada: 'rechazada: no se mostrará.',
  corregida: 'corregida y publicada.',
  unida: 'unida a la publicación que ya recoge esa necesidad: no se publica ni cuenta como rechazada.',
};

/** The console script asks for JSON; a browser without it follows redirects. */
export function wantsJson(request: FastifyRequest): boolean {
  return /\bapplication\/json\b/.test(request.headers.accept ?? '');
}

export async function decisionReply(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  emergency: EmergencyRow,
  form: FormBody,
  /** The record as it was before the decision: its place in the inbox order. */
  before: HelpRow,
  done: keyof typeof decidedWords & string,
) {
  if (wantsJson(request)) {
    return reply.code(200).send({ ok: true, id: before.id, message: `«${before.title}» ${decidedWords[done]}` });
  }
  return seeOther(reply, await afterDecision(ctx, currentUser(request), emergency, placeOfForm(form), before, done));
}

/** A decision the script sent that was refused: the reason in words and where to look again. */
export function refusedJson(reply: FastifyReply, status: number, code: string, message: string, href?: string) {
  return reply.code(status).send({ ok: false, code, message, ...(href ? { href } : {}) });
}
