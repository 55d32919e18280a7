// The receipt code on its way from the form's POST to the receipt page: a short-lived HttpOnly cookie scoped to
// that receipt's path, so only the browser that sent the form sees the code, and the page never reads one from the
// database (the code is stored only as a hash).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.ts';
import { RECEIPT_CODE_SHOWN_MINUTES } from '../../../domain/receipt-code.ts';

const NAME = 'ayuda_recibo';

export function setReceiptCookie(reply: FastifyReply, config: Config, id: string, code: string): void {
  reply.setCookie(NAME, code, {
    path: `/recibido/${id}`,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.baseUrl.startsWith('https:'),
    maxAge: RECEIPT_CODE_SHOWN_MINUTES * 60,
  });
}

/** The code this browser was given when it sent the form, if its cookie is still alive. */
export function heldReceiptCode(request: FastifyRequest): string | undefined {
  return request.cookies?.[NAME];
}
