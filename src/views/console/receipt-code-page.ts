// Shown once, to the leader who asked: a submission's new receipt code. This answer is the only place it appears in
// the console (no address, redirect or flash carries it, and only its hash is kept), so it is large enough to read
// aloud over the phone without a mistake.
import { type Channel, channelLabel } from '../../channels/adapters.ts';
import { type Html, html } from '../html.ts';
import { type ConsoleFrame, consolePage } from './layout.ts';

export interface ReceiptCodeView {
  /** The record's title, so the leader knows whose code it is. */
  title: string;
  code: string;
  /** The channel the code was queued on; null when nobody can be written to. */
  sentBy: Channel | null;
  /** The record's console page (its review page while in review). */
  back: string;
  current: 'records' | 'inbox';
}

export function receiptCodePage(frame: ConsoleFrame, view: ReceiptCodeView): Html {
  return consolePage(
    { ...frame, title: 'Código de recibo nuevo', current: view.current },
    html`<section class="card"><h2>${view.title}</h2>
<p class="code-once" data-codigo>${view.code}</p>
${view.sentBy === null ? '' : html`<p>Se envió por ${channelLabel(view.sentBy)} al número de la persona.</p>`}
<p>Si la persona llama, léale el código por teléfono. El código anterior ya no sirve.</p>
<p class="note">No se volverá a mostrar: si se pierde otra vez, genere otro.</p>
<p><a href="${view.back}">Volver al registro</a></p></section>`,
  );
}
