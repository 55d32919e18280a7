// Privacy rules, each proven by planting a unique value and searching every public output for it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { submitHelp } from '../src/commands/submit-help.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { addEmergency, type Harness, publish, requestBody, setup, submit } from './helpers/harness.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';

let h: Harness;
/** Unique values that must never leave the leaders' side. */
const canaries = {
  pendingPhone: '+573005550101',
  pendingName: `Canario Pendiente ${randomUUID().slice(0, 8)}`,
  rejectedPhone: '+573005550102',
  rejectReason: `motivo-privado-${randomUUID()}`,
  identityDocument: `CC-${randomUUID()}`,
  revisionPhone: '+573005550103',
  revisionTitle: `Revision privada ${randomUUID().slice(0, 8)}`,
  volunteerContact: `voluntario-${randomUUID()}@correo.test`,
  actor: `leader-${randomUUID()}`,
};
/** Published with consent: these must be public. */
const published = { phone: '+573005550104', name: 'Publicada Con Consentimiento' };
let approvedWithDocument = '';

before(async () => {
  h = await setup();
  const emergency = await addEmergency(h);
  await submit(
    h,
    requestBody({
      contactWhatsapp: canaries.pendingPhone,
      contactName: canaries.pendingName,
      title: 'Agua pendiente de revisión',
    }),
  );
  const rejected = await submit(
    h,
    requestBody({ contactWhatsapp: canaries.rejectedPhone, title: 'Solicitud rechazada' }),
  );
  await rejectSubmission(h.ctx, rejected, canaries.actor, canaries.rejectReason);
  // The web form may carry an identity document; it is for the leaders only, even once approved.
  const withDocument = helpSubmission.parse(
    requestBody({ contactWhatsapp: published.phone, contactName: published.name, title: 'Medicamentos con documento' }),
  );
  const { result } = await submitHelp(h.ctx, withDocument, { identityDocument: canaries.identityDocument });
  approvedWithDocument = result.id;
  await approveSubmission(h.ctx, approvedWithDocument, canaries.actor);
  await setRecordStatus(h.ctx, approvedWithDocument, 'in_process', canaries.actor);
  // A revision of a published record is private until approved.
  const body = requestBody({ title: 'Carpas publicadas' });
  const revised = await publish(h, body);
  await submit(h, { ...body, title: canaries.revisionTitle, contactWhatsapp: canaries.revisionPhone });
  // A logistics route towards a published request, with a volunteer's private contact.
  const now = h.ctx.now().toISOString();
  await h.ctx.db
    .insertInto('logistics_operations')
    .values({
      id: randomUUID(),
      emergency_id: emergency.id,
      destination_help_id: revised,
      title: 'Llevar carpas',
      supply_description: 'Diez carpas',
      quantity_label: '10 carpas',
      pickup_address: 'Coliseo',
      pickup_latitude: 1.15,
      pickup_longitude: -76.65,
      pickup_help_id: null,
      distance_km: 1.2,
      route_conditions: null,
      volunteer_contact: canaries.volunteerContact,
      status: 'available',
      created_at: now,
      updated_at: now,
    })
    .execute();
});
after(() => h.close());

test('no private value appears in any public output', async () => {
  const outputs = await crawlPublic(h);
  assert.ok(outputs.length >= 15, `crawled ${outputs.length} outputs`);
  const phoneDigits = (p: string) => p.slice(1);
  const values = [
    ...Object.values(canaries),
    phoneDigits(canaries.pendingPhone),
    phoneDigits(canaries.rejectedPhone),
    phoneDigits(canaries.revisionPhone),
  ];
  assert.deepEqual(leaks(outputs, values), []);
});

test('the canary search can fail: consented contact data of approved records is public', async () => {
  const outputs = await crawlPublic(h);
  const found = leaks(outputs, [published.phone, published.name]);
  assert.ok(
    found.some((f) => f.includes(`id=${approvedWithDocument}`)),
    found.join('\n'),
  );
  // And the route exists publicly as a count, without its volunteer.
  assert.ok(outputs.some((o) => o.text.includes('"availableRoutes":1')));
});
