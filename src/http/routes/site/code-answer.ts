// What any code typed on the site opens, whichever door it was typed at (/codigo, /estado, /compromisos, /mi-ruta):
// the submission's state, the pledge or the route claim, found by looking the code up (queries/code-kind.ts). A
// support reference (REF-0123456789) is explained instead: it is not a code. The answer is always the page itself,
// drawn in the POST's response: a redirect would have to carry the code in its address.
import { claimByCode } from '../../../commands/route-claims/decide-claim.ts';
import type { Context } from '../../../context.ts';
import { MAX_TYPED_CODE } from '../../../domain/receipt-code.ts';
import { presentRouteClaim } from '../../../presenters/route-claim.ts';
import { pickupShownTo } from '../../../queries/claimable-route.ts';
import { codeKind } from '../../../queries/code-kind.ts';
import { activeEmergencyContacts } from '../../../queries/emergencies.ts';
import { findHelp } from '../../../queries/get-help.ts';
import { pledgeViewByCode } from '../../../queries/pledge-by-code.ts';
import { receiptStatus } from '../../../queries/receipt-status.ts';
import type { Lang, SiteDocument } from '../../../views/site/document.ts';
import { referencePage } from '../../../views/site/pages/code-page.ts';
import { pledgeViewPage } from '../../../views/site/pages/pledge-page.ts';
import { type MyRoute, myRoutePage } from '../../../views/site/pages/route-claim-page.ts';
import { statusResultPage } from '../../../views/site/pages/status-page.ts';
import { GENERATED_REQUEST_ID } from '../../request-id.ts';

/** What the volunteer's code shows: the claim and the route's public side; undefined for an unknown or malformed code. */
export async function myRouteByCode(ctx: Context, code: string): Promise<MyRoute | undefined> {
  if (code.length > MAX_TYPED_CODE) return undefined;
  const found = await claimByCode(ctx, code);
  if (!found) return undefined;
  const { claim, route } = found;
  const destination = await findHelp(ctx, route.destination_help_id);
  return {
    claim: presentRouteClaim(claim, route),
    supplyDescription: route.supply_description,
    quantityLabel: route.quantity_label,
    pickupAddress: await pickupShownTo(ctx, claim, route),
    destination: destination
      ? { id: destination.id, title: destination.title, unit: destination.quantities?.unit ?? null }
      : null,
  };
}

/**
 * A support reference as an error page shows it (src/http/request-id.ts), typed with spaces, in lower case or without
 * its dash; only the references this service draws, never a proxy's: those are not read out to a team.
 */
export function supportReference(typed: string): string | undefined {
  if (typed.length > MAX_TYPED_CODE) return undefined;
  const compact = typed
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\p{Pd}\u2212]+/gu, '');
  const reference = compact.replace(/^REF/, 'REF-');
  return GENERATED_REQUEST_ID.test(reference) ? reference : undefined;
}

/** The page a typed code opens, with the code carried on in its forms' hidden fields; undefined for no code at all. */
export async function codeAnswer(ctx: Context, typed: string, lang: Lang): Promise<SiteDocument | undefined> {
  const reference = supportReference(typed);
  if (reference !== undefined) return referencePage(lang, reference, await activeEmergencyContacts(ctx));
  if (typed.length > MAX_TYPED_CODE) return undefined;
  const kind = await codeKind(ctx, typed);
  if (kind === 'receipt') {
    const status = await receiptStatus(ctx, typed);
    return status ? statusResultPage(lang, status, typed) : undefined;
  }
  if (kind === 'pledge') {
    const view = await pledgeViewByCode(ctx, typed);
    return view ? pledgeViewPage({ lang, view, code: typed }) : undefined;
  }
  if (kind === 'route_claim') {
    const view = await myRouteByCode(ctx, typed);
    return view ? myRoutePage({ lang, view, code: typed }) : undefined;
  }
  return undefined;
}
