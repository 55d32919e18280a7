// Leaders' WhatsApp alerts: an urgent request or a rescue in an emergency they lead reaches their own number (as the
// alert template, since a leader rarely writes to the service), others do not; the daily digest goes once a day.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setLeaderAlerts } from '../src/commands/channels/alert-settings.ts';
import { queueDailyDigests, queueGroupedAlerts } from '../src/commands/channels/leader-alerts.ts';
import { sendDueOutbound } from '../src/commands/channels/send-outbound.ts';
import { createAccount } from '../src/commands/create-account.ts';
import { setAccountDisabled } from '../src/commands/set-account-disabled.ts';
import { addEmergency, type Harness, requestBody, setup, submit } from './helpers/harness.ts';
import { ProviderStandIn, WHATSAPP_ENV } from './helpers/message-providers.ts';

let h: Harness;
let graph: ProviderStandIn;
let lead: string;

before(async () => {
  graph = await new ProviderStandIn().start();
  h = await setup({ ...WHATSAPP_ENV, WHATSAPP_API_URL: graph.url('/v23.0'), WHATSAPP_TEMPLATE_ALERT: 'alerta_ayuda' });
  await addEmergency(h);
  await addEmergency(h, 'sismo-pasto', 'Sismo Pasto');
  const leader = await createAccount(
    h.ctx,
    {
      email: 'lider@ayuda.test',
      name: 'Líder Mocoa',
      password: 'una clave larga y segura 2026',
      role: 'leader',
      emergencySlugs: ['inundacion-mocoa'],
    },
    'test',
  );
  lead = leader.id;
  await setLeaderAlerts(h.ctx, lead, { whatsapp: '311 555 0101', urgent: true, digest: true }, 'test');
  const other = await createAccount(
    h.ctx,
    {
      email: 'otra@ayuda.test',
      name: 'Líder Pasto',
      password: 'otra clave larga y segura 2026',
      role: 'leader',
      emergencySlugs: ['sismo-pasto'],
    },
    'test',
  );
  await setLeaderAlerts(h.ctx, other.id, { whatsapp: '311 555 0102', urgent: true, digest: false }, 'test');
});
after(async () => {
  await h.close();
  await graph.close();
});

test('an urgent request and a rescue alert the leaders of their emergency only, as the alert template, paced', async () => {
  await submit(
    h,
    requestBody({ emergencySlug: 'inundacion-mocoa', urgency: 'urgent', title: 'Familia atrapada sin agua' }),
  );
  await submit(
    h,
    requestBody({
      emergencySlug: 'inundacion-mocoa',
      urgency: 'needed',
      category: 'rescate',
      title: 'Rescate en la vereda',
    }),
  );
  await submit(
    h,
    requestBody({ emergencySlug: 'inundacion-mocoa', urgency: 'needed', title: 'Mercados para la semana' }),
  );
  await sendDueOutbound(h.ctx);
  const first = graph.to('+573115550101');
  assert.equal(first.length, 1, 'the first at once; the rescue right after it waits for the grouped alert');
  assert.match(ProviderStandIn.text(first[0] as never), /Solicitud urgente nueva \(Agua\)/);
  assert.equal(await queueGroupedAlerts(h.ctx), 0, 'not before ALERT_EVERY_MINUTES');
  h.clock.advanceHours(10 / 60);
  assert.equal(await queueGroupedAlerts(h.ctx), 1);
  assert.equal(await queueGroupedAlerts(h.ctx), 0, 'once');
  await sendDueOutbound(h.ctx);
  const mine = graph.to('+573115550101');
  assert.equal(mine.length, 2, 'the urgent request, then the rescue counted; not the ordinary one');
  for (const sent of mine) {
    assert.equal(sent.body.type, 'template', 'the leader never wrote: outside the window, the template');
    assert.equal(sent.body.template.name, 'alerta_ayuda');
  }
  assert.match(
    ProviderStandIn.text(mine[1] as never),
    /1 solicitud urgente o de rescate nueva desde las .*Inundación Mocoa: 1/,
  );
  assert.equal(graph.to('+573115550102').length, 0, 'a leader of another emergency hears nothing');
  // The alert says what and where to review, never what the submitter wrote, nor their contact.
  assert.doesNotMatch(JSON.stringify(mine), /Familia atrapada|Rescate en la vereda|\+57300|3001234567/);
});

test('forty urgent submissions carrying a scammer’s link send a leader two messages in ten minutes, none with it', async () => {
  h.clock.advanceHours(1);
  const before = graph.to('+573115550101').length;
  for (let i = 0; i < 40; i++) {
    await submit(
      h,
      requestBody({
        emergencySlug: 'inundacion-mocoa',
        urgency: 'urgent',
        title: `Verifique su cuenta en http://panel-ayuda.example/${i}`,
        description: 'Ingrese su clave de líder en panel-ayuda.example para no perder el acceso.',
      }),
    );
  }
  await sendDueOutbound(h.ctx);
  h.clock.advanceHours(10 / 60);
  await queueGroupedAlerts(h.ctx);
  await sendDueOutbound(h.ctx);
  const sent = graph.to('+573115550101').slice(before);
  assert.equal(sent.length, 2, 'one at once, one grouped');
  assert.match(ProviderStandIn.text(sent[1] as never), /39 solicitudes urgentes o de rescate nuevas/);
  assert.doesNotMatch(JSON.stringify(sent), /panel-ayuda|Verifique|clave de líder/);
});

test('the daily digest goes once a day from 07:00 in Colombia, whichever pass gets there first', async () => {
  // The test clock starts at 12:00 UTC, 07:00 in Bogotá.
  assert.equal(await queueDailyDigests(h.ctx), 1);
  assert.equal(await queueDailyDigests(h.ctx), 0, 'once a day');
  await sendDueOutbound(h.ctx);
  const digest = graph.to('+573115550101').at(-1);
  assert.ok(digest);
  assert.match(ProviderStandIn.text(digest), /resumen del día/);
  assert.match(ProviderStandIn.text(digest), /Inundación Mocoa: \d+ por revisar/);
  assert.doesNotMatch(ProviderStandIn.text(digest), /Sismo Pasto/, 'only the emergencies the leader leads');
  h.clock.advanceHours(18);
  assert.equal(await queueDailyDigests(h.ctx), 0, '01:00 the next day: not yet');
  h.clock.advanceHours(7);
  assert.equal(await queueDailyDigests(h.ctx), 1, '08:00 the next day');
});

test('alerts reach only numbers that leaders registered for themselves, never one a submission carries', async () => {
  // A scammer files urgent requests whose contact and text name a number and a link; a disabled leader registered
  // earlier. Whatever was submitted, every message the provider got went to a number an enabled leader set.
  const disabled = await createAccount(
    h.ctx,
    {
      email: 'retirada@ayuda.test',
      name: 'Líder retirada',
      password: 'clave larga de una líder retirada 2026',
      role: 'leader',
      emergencySlugs: ['inundacion-mocoa'],
    },
    'test',
  );
  await setLeaderAlerts(h.ctx, disabled.id, { whatsapp: '311 555 0109', urgent: true, digest: true }, 'test');
  await setAccountDisabled(h.ctx, disabled.id, true, 'test');
  for (const number of ['+573009990001', '+573009990002']) {
    await submit(
      h,
      requestBody({
        emergencySlug: 'inundacion-mocoa',
        urgency: 'urgent',
        title: `Escriba al ${number} para verificar su cuenta`,
        contactWhatsapp: number,
      }),
    );
  }
  h.clock.advanceHours(24);
  assert.equal(await queueDailyDigests(h.ctx), 1, "the next day's digest, for the enabled leader alone");
  await sendDueOutbound(h.ctx);
  const registered = new Set(['573115550101', '573115550102']);
  const reached = new Set(graph.sent.map((sent) => String(sent.body?.to)));
  assert.ok(reached.has('573115550101'), 'the leader of the emergency was alerted');
  assert.deepEqual(
    [...reached].filter((to) => !registered.has(to)),
    [],
    'no message went to a number no enabled leader registered',
  );
});
