// One test per role (src/db/column-roles.ts, src/db/trail-roles.ts), for every column of every table with roles at
// once: aid records, pledges, route claims, and the tables beside them (history, audit, reports, routes, the
// emergency's contact, stored answers, the change feed, WhatsApp and SMS, leaders' alerts, prepared submissions).
// Each entry point plants a unique value in every personal column it can set, and every personal column of every
// table must end up holding one; then no column that is never published shows on any public surface, every value
// is in the right to know, and each way of erasing (a withdrawal, the team's erasure of a record or of a number,
// retention) leaves none of them in any table, in the change feed, or in the database's bytes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { ownSources } from '../src/channels/own-sources.ts';
import { approveSubmission } from '../src/commands/approve-submission.ts';
import { approveWithEdits } from '../src/commands/approve-with-edits.ts';
import { setLeaderAlerts } from '../src/commands/channels/alert-settings.ts';
import { sendDueOutbound } from '../src/commands/channels/send-outbound.ts';
import { closeEmergency } from '../src/commands/close-emergency.ts';
import { createLogisticsOperation } from '../src/commands/create-logistics-operation.ts';
import { compactPending } from '../src/commands/personal-data/compaction.ts';
import { eraseByWhatsapp, eraseRecord } from '../src/commands/personal-data/erase.ts';
import { exportPersonalData } from '../src/commands/personal-data/export.ts';
import { personalDataByTable } from '../src/commands/personal-data/holders.ts';
import { purgePersonalData } from '../src/commands/personal-data/purge.ts';
import { withdrawWithReceipt, withdrawWithToken } from '../src/commands/personal-data/withdraw.ts';
import { rejectSubmission } from '../src/commands/reject-submission.ts';
import { setEmergencyContact } from '../src/commands/set-emergency-contact.ts';
import { setRecordStatus } from '../src/commands/set-record-status.ts';
import { submissionFields } from '../src/commands/submission-fields.ts';
import { type AnyRoles, type PersonalColumn, personalColumnsOf } from '../src/db/column-roles.ts';
import { rolesByTable } from '../src/db/roles-by-table.ts';
import type { Tables } from '../src/db/types.ts';
import { groupedPhone } from '../src/domain/phone.ts';
import { helpSubmission } from '../src/schemas/submission.ts';
import { leader } from './helpers/console.ts';
import { engine } from './helpers/database.ts';
import { addEmergency, type Harness, HELP, offerBody, requestBody, setup } from './helpers/harness.ts';
import { CONFIRMS, connect, LOCAL_BASE_URL, listen } from './helpers/mcp.ts';
import {
  ProviderStandIn,
  signedWhatsapp,
  WHATSAPP_ENV,
  whatsappNotification,
  whatsappSender,
} from './helpers/message-providers.ts';
import { crawlPublic, leaks } from './helpers/public-surface.ts';
import { leaderCodeFor } from './helpers/receipt-code.ts';
import { nextDocument, nextMobile, nextSerial, nextWord } from './helpers/samples.ts';
import { SMS_GATEWAY_SECRET, smsGatewayRequest } from './helpers/sms-gateway.ts';

let h: Harness;
let graph: ProviderStandIn;
let gateway: ProviderStandIn;
let mcpUrl = '';
const RETENTION = { RETENTION_IDENTITY_DAYS: '30', RETENTION_REJECTED_DAYS: '20', RETENTION_AFTER_CLOSE_DAYS: '90' };
const KOBO_SECRET = 'secreto-de-kobo-para-roles';
const SMS_SECRET = SMS_GATEWAY_SECRET;

before(async () => {
  graph = await new ProviderStandIn().start();
  gateway = await new ProviderStandIn().start();
  h = await setup({
    ...RETENTION,
    ...WHATSAPP_ENV,
    WHATSAPP_API_URL: graph.url('/v23.0'),
    SMS_SECRET,
    SMS_SEND_URL: gateway.url('/message'),
    SMS_SEND_AUTHORIZATION: 'Basic c21zOmNsYXZl',
    KOBO_SECRET,
    BASE_URL: LOCAL_BASE_URL,
  });
  mcpUrl = await listen(h);
  await addEmergency(h);
  // A leader who is alerted of every urgent request: the alert quotes its title.
  const { account } = await leader(h, ['inundacion-mocoa']);
  await setLeaderAlerts(h.ctx, account.id, { whatsapp: '311 555 0101', urgent: true, digest: false }, 'test');
});
after(async () => {
  await h.close();
  await graph.close();
  await gateway.close();
});

/** A record planted through one entry point: the text each personal column holds, and the person's own values. */
interface Planted {
  entry: string;
  /** The table the planted row lives in, and its id (an aid record's id where the table is help_records). */
  table: RoleTable;
  rowId: string;
  /** The aid record it belongs to: the record itself, the request pledged to, or none for a route claim. */
  id: string;
  editToken: string;
  /** Sent in a WhatsApp or SMS conversation: withdrawn there too, with "retirar", the receipt code and SI. */
  say?: (text: string) => Promise<void>;
  whatsapp: string;
  /** Column -> the unique text planted in it (numbers are checked on the row, not searched as text). */
  texts: Partial<Record<string, string>>;
  /** The values that are the person's: gone from every text, whatever the scope of the erasure. */
  personal: string[];
  /** The ways of erasing that reach it, when not all: a volunteer's claim is theirs, no record's. */
  erasedBy?: readonly WayName[];
}

type WayName = 'withdrawal' | 'record' | 'number' | 'retention';

/** The person's values, each unique: a name, a number, a street and a neighbourhood. */
function person() {
  const whatsapp = nextMobile();
  return {
    name: `Nombre ${nextWord()}`,
    whatsapp,
    typed: groupedPhone(whatsapp),
    address: `Calle ${nextWord()} 12-34`,
    neighborhood: `Barrio ${nextWord()}`,
  };
}

/** Free texts carry a marker of their own and the person's name and number, as people write them. */
const freeText = (label: string, p: ReturnType<typeof person>) => `${label} ${nextWord()} ${p.name} ${p.typed}`;

/** The columns a whole request sets through the API or an assistant. */
const FULL_REQUEST_COLUMNS: PersonalColumn[] = [
  'title',
  'description',
  'contact_name',
  'contact_whatsapp',
  'address',
  'neighborhood',
  'latitude',
  'longitude',
  'resource_label',
];

/** A request with a unique value in every column it can set, and the body that sends it. */
function fullRequest(p: ReturnType<typeof person>, extra: Record<string, unknown>) {
  const texts = {
    title: freeText('Agua', p),
    description: freeText('Sin agua', p),
    contact_name: p.name,
    contact_whatsapp: p.whatsapp,
    address: p.address,
    neighborhood: p.neighborhood,
    resource_label: freeText('Bidones', p),
  };
  const body = requestBody({
    title: texts.title,
    description: texts.description,
    contactName: p.name,
    contactWhatsapp: p.whatsapp,
    address: p.address,
    neighborhood: p.neighborhood,
    resourceLabel: texts.resource_label,
    ...extra,
  });
  return { texts, body };
}

const personalOf = (p: ReturnType<typeof person>) => [p.name, p.whatsapp, p.address, p.neighborhood];

async function sendApi(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await h.json({ method: 'POST', url: HELP, payload: body, headers });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return { id: res.body.id as string, editToken: res.body.editToken as string };
}

/** A message in a WhatsApp conversation, as Meta posts it, with the person's profile name; replies sent. */
async function whatsappMessage(from: string, name: string, message: Record<string, unknown>): Promise<void> {
  const profile = { contacts: [{ profile: { name }, wa_id: from }] };
  const response = await h.request(signedWhatsapp(whatsappNotification([message], profile)));
  assert.equal(response.statusCode, 200, response.body);
  await sendDueOutbound(h.ctx);
}

/** An SMS as android-sms-gateway posts it, signed; replies sent. */
async function smsMessage(phone: string, message: string): Promise<void> {
  const response = await h.request(smsGatewayRequest(phone, message, h.ctx.now()));
  assert.equal(response.statusCode, 200, response.body);
  await sendDueOutbound(h.ctx);
}

const byNumber = (whatsapp: string) =>
  h.ctx.db.selectFrom('help_records').selectAll().where('contact_whatsapp', '=', whatsapp).executeTakeFirstOrThrow();

/** Where a submission comes in: the public API, KoboToolbox, each of the service's own sources, and the leaders. */
type Intake =
  | 'api'
  | 'kobo'
  | (typeof ownSources)[number]
  | 'leaders'
  | 'admins'
  | 'pledges'
  | 'route claims'
  | 'reports';

type RoleTable = keyof typeof rolesByTable;
type Planting = Omit<Planted, 'table' | 'rowId'> & { rowId?: string };

/** Each entry point: where it comes in, the table and columns it can set, and what it plants. */
const entryPoints: Record<
  string,
  { intake: Intake; table?: RoleTable; columns: readonly string[]; plant(): Promise<Planting> }
> = {
  'API request': {
    intake: 'api',
    columns: FULL_REQUEST_COLUMNS,
    async plant() {
      const p = person();
      const { texts, body } = fullRequest(p, { urgency: 'urgent', latitude: 1.151234, longitude: -76.651234 });
      // With an Idempotency-Key: the stored answer (its editToken) is the person's too.
      const { id, editToken } = await sendApi(body, { 'idempotency-key': `roles-${nextWord()}` });
      return { entry: 'API request', id, editToken, whatsapp: p.whatsapp, texts, personal: personalOf(p) };
    },
  },
  'API offer': {
    intake: 'api',
    columns: ['title', 'contact_name', 'contact_whatsapp', 'address', 'latitude', 'longitude', 'vehicle', 'zones'],
    async plant() {
      const p = person();
      const texts = {
        title: freeText('Camioneta', p),
        contact_name: p.name,
        contact_whatsapp: p.whatsapp,
        address: p.address,
        vehicle: freeText('Camión placa', p),
        zones: freeText('Veredas', p),
      };
      const { id, editToken } = await sendApi(
        offerBody({
          title: texts.title,
          contactName: p.name,
          contactWhatsapp: p.whatsapp,
          address: p.address,
          latitude: 1.152345,
          longitude: -76.652345,
          vehicle: texts.vehicle,
          zones: texts.zones,
        }),
      );
      return {
        entry: 'API offer',
        id,
        editToken,
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp, p.address],
      };
    },
  },
  'web form': {
    intake: 'web',
    columns: ['title', 'contact_name', 'contact_whatsapp', 'address', 'identity_document'],
    async plant() {
      const p = person();
      const document = nextDocument();
      const texts = {
        title: freeText('Mercados', p),
        contact_name: p.name,
        contact_whatsapp: p.whatsapp,
        address: p.address,
        identity_document: document,
      };
      const sent = await h.app.inject({
        method: 'POST',
        url: '/necesito-ayuda',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.config.baseUrl },
        payload: new URLSearchParams({
          externalId: nextWord(),
          emergencySlug: 'inundacion-mocoa',
          title: texts.title,
          category: 'alimentos',
          urgency: 'urgent',
          latitude: '1.1478',
          longitude: '-76.6476',
          address: p.address,
          contactName: p.name,
          contactWhatsapp: p.typed,
          identityDocument: document,
          publishContact: 'si',
        }).toString(),
      });
      assert.equal(sent.statusCode, 303, sent.body);
      const id = /\/recibido\/([0-9a-f-]{36})$/.exec(String(sent.headers.location))?.[1] ?? '';
      return {
        entry: 'web form',
        id,
        editToken: '',
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp, p.address, document],
      };
    },
  },
  'WhatsApp conversation': {
    intake: 'whatsapp',
    columns: ['title', 'contact_name', 'contact_whatsapp', 'address', 'neighborhood', 'latitude', 'longitude'],
    async plant() {
      const p = person();
      const from = p.whatsapp.slice(1);
      const s = whatsappSender(from);
      const texts = {
        title: freeText('Agua', p),
        contact_name: p.name,
        contact_whatsapp: p.whatsapp,
        address: p.address,
        neighborhood: p.neighborhood,
      };
      for (const message of [
        s.text('Hola'),
        s.choice('type:request'),
        s.choice('cat:agua'),
        s.text(texts.title),
        s.text('30 bidones'),
        s.choice('urg:urgent'),
        s.place(1.153456, -76.653456),
        s.text(p.neighborhood),
        s.text(p.address),
        s.choice('name:profile'),
        s.choice('yes'),
        s.choice('send'),
      ]) {
        await whatsappMessage(from, p.name, message);
      }
      const row = await byNumber(p.whatsapp);
      return {
        entry: 'WhatsApp conversation',
        id: row.id,
        editToken: '',
        say: (text) => whatsappMessage(from, p.name, s.text(text)),
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp, p.address, p.neighborhood],
      };
    },
  },
  'SMS conversation': {
    intake: 'sms',
    columns: ['title', 'contact_name', 'contact_whatsapp', 'address', 'neighborhood'],
    async plant() {
      const p = person();
      const phone = p.whatsapp.slice(3);
      const texts = {
        title: `Agua ${nextWord()} para la familia`,
        contact_name: p.name,
        contact_whatsapp: p.whatsapp,
        address: p.address,
        neighborhood: p.neighborhood,
      };
      for (const message of ['Necesito ayuda', '2', texts.title, '20 bidones', '1', 'Mocoa']) {
        await smsMessage(phone, message);
      }
      for (const message of [p.neighborhood, p.address, p.name, 'si', '1']) await smsMessage(phone, message);
      const row = await byNumber(p.whatsapp);
      return {
        entry: 'SMS conversation',
        id: row.id,
        editToken: '',
        say: (text) => smsMessage(phone, text),
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp, p.address, p.neighborhood],
      };
    },
  },
  KoboToolbox: {
    intake: 'kobo',
    // The form asks what is needed in its title and description: it has no field of its own for it.
    columns: FULL_REQUEST_COLUMNS.filter((column) => column !== 'resource_label'),
    async plant() {
      const p = person();
      const { resource_label: _none, ...texts } = fullRequest(p, {}).texts;
      const uuid = `4f7c2a61-9a0e-4c55-b1f3-${String(nextSerial()).padStart(12, '0')}`;
      const res = await h.json({
        method: 'POST',
        url: '/integraciones/kobo',
        headers: { 'x-ayuda-kobo-secret': KOBO_SECRET },
        payload: {
          tipo: 'solicitud',
          emergencia: 'inundacion-mocoa',
          categoria: 'agua',
          titulo: texts.title,
          descripcion: texts.description,
          ubicacion: '1.154567 -76.654567 580 5',
          direccion: p.address,
          barrio_vereda: p.neighborhood,
          nombre_contacto: p.name,
          whatsapp: p.whatsapp,
          consentimiento: 'si',
          _xform_id_string: 'aK3pQz7Vn2XcRtY8mLw4Bd',
          _uuid: uuid,
        },
      });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      return {
        entry: 'KoboToolbox',
        id: res.body.id as string,
        editToken: '',
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp, p.address, p.neighborhood],
      };
    },
  },
  'an assistant (MCP)': {
    intake: 'mcp',
    columns: FULL_REQUEST_COLUMNS,
    async plant() {
      const p = person();
      const { texts, body } = fullRequest(p, { latitude: 1.155678, longitude: -76.655678 });
      const { type: _type, source: _source, ...fields } = body;
      // The person confirms in their client what will be public, as publicar_solicitud asks.
      const assistant = await connect(mcpUrl, 'legacy', CONFIRMS);
      const result = await assistant.client.callTool({ name: 'publicar_solicitud', arguments: fields });
      await assistant.client.close();
      assert.notEqual(result.isError, true, JSON.stringify(result));
      const row = await byNumber(p.whatsapp);
      return {
        entry: 'an assistant (MCP)',
        id: row.id,
        editToken: '',
        whatsapp: p.whatsapp,
        texts,
        personal: personalOf(p),
      };
    },
  },
  'leaders, on a request': {
    intake: 'leaders',
    columns: ['status_note', 'review_note', 'pending_revision'],
    async plant() {
      const p = person();
      const body = requestBody({ contactName: p.name, contactWhatsapp: p.whatsapp, address: p.address });
      const { id, editToken } = await sendApi(body);
      const texts = {
        review_note: freeText('Verificado', p),
        status_note: freeText('En camino', p),
        // A change the person sent after publication waits for review: its JSON holds the new values.
        pending_revision: `Calle ${nextWord()} 99-99`,
      };
      await approveSubmission(h.ctx, id, 'leader-1', texts.review_note);
      await setRecordStatus(h.ctx, id, 'in_process', 'leader-1', texts.status_note);
      const revised = await h.json({
        method: 'POST',
        url: HELP,
        payload: { ...body, address: texts.pending_revision },
        headers: { authorization: `Bearer ${editToken}` },
      });
      assert.equal(revised.status, 202, JSON.stringify(revised.body));
      return {
        entry: 'leaders, on a request',
        id,
        editToken,
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp, p.address, texts.pending_revision],
      };
    },
  },
  'a pledge ("voy a llevar")': {
    intake: 'pledges',
    table: 'pledges',
    columns: ['contact_name', 'contact_whatsapp'],
    async plant() {
      // The request's own withdrawal and erasure take the pledges to it: its edit token is kept for that.
      const { id, editToken } = await sendApi(requestBody({ quantityRequired: 40, unit: 'bidones' }));
      await approveSubmission(h.ctx, id, 'leader-1');
      const p = person();
      const res = await h.json({
        method: 'POST',
        url: `${HELP}/${id}/pledges`,
        payload: { quantity: 10, deliverWithinHours: 24, contactName: p.name, contactWhatsapp: p.whatsapp },
      });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      const row = await h.ctx.db.selectFrom('pledges').select('id').where('help_id', '=', id).executeTakeFirstOrThrow();
      const texts = { contact_name: p.name, contact_whatsapp: p.whatsapp };
      return {
        entry: 'a pledge',
        id,
        rowId: row.id,
        editToken,
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp],
      };
    },
  },
  'a volunteer taking a route': {
    intake: 'route claims',
    table: 'route_claims',
    columns: ['contact_name', 'contact_whatsapp', 'vehicle', 'available_when'],
    async plant() {
      const { id: destination } = await sendApi(requestBody());
      await approveSubmission(h.ctx, destination, 'leader-1');
      const route = await createLogisticsOperation(
        h.ctx,
        {
          emergencySlug: 'inundacion-mocoa',
          destinationHelpId: destination,
          title: 'Llevar agua',
          supplyDescription: 'Diez bidones',
          pickupAddress: 'Puerto de Mocoa',
          pickupLatitude: 1.1612,
          pickupLongitude: -76.6391,
        },
        'leader-1',
      );
      const p = person();
      const texts = {
        contact_name: p.name,
        contact_whatsapp: p.whatsapp,
        vehicle: `Camión placa ${nextWord().toUpperCase()}`,
        available_when: `Hoy después de las 3, salgo de ${p.address}`,
      };
      const res = await h.json({
        method: 'POST',
        url: `/api/logistics-operations/${route.id}/claims`,
        payload: {
          contactName: p.name,
          contactWhatsapp: p.whatsapp,
          vehicle: texts.vehicle,
          when: texts.available_when,
        },
      });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      const row = await h.ctx.db
        .selectFrom('route_claims')
        .select('id')
        .where('operation_id', '=', route.id)
        .executeTakeFirstOrThrow();
      return {
        entry: 'a volunteer taking a route',
        id: '',
        rowId: row.id,
        editToken: '',
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp, texts.vehicle, p.address],
        erasedBy: ['number', 'retention'],
      };
    },
  },
  'leaders, a correction': {
    intake: 'leaders',
    columns: ['contact_name', 'address'],
    async plant() {
      // The person's name and street as sent, then as a leader corrected them: the audit log keeps both.
      const p = person();
      const sent = requestBody({ contactName: p.name, contactWhatsapp: p.whatsapp, address: p.address });
      const { id, editToken } = await sendApi(sent);
      const corrected = { name: `Nombre ${nextWord()}`, address: `Calle ${nextWord()} 8-80` };
      const row = await record(id);
      const {
        emergency_id: _emergency,
        identity_document: _document,
        ...edits
      } = submissionFields(
        helpSubmission.parse({ ...sent, contactName: corrected.name, address: corrected.address }),
        row.emergency_id,
        null,
      );
      await approveWithEdits(h.ctx, id, edits, 'leader-1', null);
      const texts = { contact_name: corrected.name, address: corrected.address };
      return {
        entry: 'leaders, a correction',
        id,
        editToken,
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp, p.address, corrected.name, corrected.address],
      };
    },
  },
  'leaders, a rejection': {
    intake: 'leaders',
    columns: ['reject_reason'],
    async plant() {
      const p = person();
      const { id, editToken } = await sendApi(requestBody({ contactName: p.name, contactWhatsapp: p.whatsapp }));
      const texts = { reject_reason: freeText('Duplicado de', p) };
      await rejectSubmission(h.ctx, id, 'leader-1', texts.reject_reason);
      return {
        entry: 'leaders, a rejection',
        id,
        editToken,
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp],
      };
    },
  },
  'a report from the public': {
    intake: 'reports',
    table: 'reports',
    columns: ['note'],
    async plant() {
      const p = person();
      const { id, editToken } = await sendApi(requestBody({ contactName: p.name, contactWhatsapp: p.whatsapp }));
      await approveSubmission(h.ctx, id, 'leader-1');
      const texts = { note: freeText('Ya le llevaron, llamen a', p) };
      const res = await h.json({
        method: 'POST',
        url: `${HELP}/${id}/reports`,
        payload: { reason: 'resolved', note: texts.note },
      });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      const row = await h.ctx.db.selectFrom('reports').select('id').where('help_id', '=', id).executeTakeFirstOrThrow();
      return {
        entry: 'a report',
        id,
        rowId: row.id,
        editToken,
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp],
      };
    },
  },
  "a route from a person's offer": {
    intake: 'leaders',
    table: 'logistics_operations',
    columns: ['pickup_address', 'pickup_latitude', 'pickup_longitude'],
    async plant() {
      const p = person();
      // A point of its own each time (ending in 7: never a public cell's centre, which ends in 0 or 5).
      const serial = String(nextSerial() % 10_000).padStart(4, '0');
      const texts = {
        pickup_address: p.address,
        pickup_latitude: `1.1${serial}7`,
        pickup_longitude: `-76.6${serial}7`,
      };
      const { id, editToken } = await sendApi(
        offerBody({
          contactName: p.name,
          contactWhatsapp: p.whatsapp,
          address: p.address,
          latitude: Number(texts.pickup_latitude),
          longitude: Number(texts.pickup_longitude),
        }),
      );
      await approveSubmission(h.ctx, id, 'leader-1');
      const { id: destination } = await sendApi(requestBody());
      await approveSubmission(h.ctx, destination, 'leader-1');
      const route = await createLogisticsOperation(
        h.ctx,
        {
          emergencySlug: 'inundacion-mocoa',
          destinationHelpId: destination,
          pickupHelpId: id,
          title: 'Recoger mercados',
          supplyDescription: 'Mercados',
        },
        'leader-1',
      );
      return {
        entry: "a route from a person's offer",
        id,
        rowId: route.id,
        editToken,
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp, p.address],
      };
    },
  },
  "leaders, a route's volunteer": {
    intake: 'leaders',
    table: 'logistics_operations',
    columns: ['volunteer_contact'],
    async plant() {
      const { id: destination } = await sendApi(requestBody());
      await approveSubmission(h.ctx, destination, 'leader-1');
      const p = person();
      const texts = { volunteer_contact: `${p.name}, ${p.typed}` };
      const route = await createLogisticsOperation(
        h.ctx,
        {
          emergencySlug: 'inundacion-mocoa',
          destinationHelpId: destination,
          title: 'Llevar carpas',
          supplyDescription: 'Carpas',
          pickupAddress: 'Puerto de Mocoa',
          pickupLatitude: 1.1612,
          pickupLongitude: -76.6391,
          volunteerContact: texts.volunteer_contact,
        },
        'leader-1',
      );
      return {
        entry: "a route's volunteer",
        id: '',
        rowId: route.id,
        editToken: '',
        whatsapp: p.whatsapp,
        texts,
        personal: [p.name, p.whatsapp],
        erasedBy: ['number', 'retention'],
      };
    },
  },
  "an admin, the emergency's public contact": {
    intake: 'admins',
    table: 'emergencies',
    columns: ['public_contact'],
    async plant() {
      const p = person();
      const texts = { public_contact: `${p.name} ${p.typed}` };
      const emergency = await setEmergencyContact(h.ctx, 'inundacion-mocoa', texts.public_contact, 'admin-1');
      return {
        entry: 'the public contact',
        id: '',
        rowId: emergency.id,
        editToken: '',
        whatsapp: p.whatsapp,
        texts,
        personal: [p.whatsapp],
        erasedBy: ['number'],
      };
    },
  },
  "a leader's alert number": {
    intake: 'leaders',
    table: 'leader_alerts',
    columns: ['whatsapp'],
    async plant() {
      const p = person();
      const { account } = await leader(h, ['inundacion-mocoa']);
      await setLeaderAlerts(h.ctx, account.id, { whatsapp: p.typed, urgent: true, digest: false }, 'test');
      return {
        entry: 'an alert number',
        id: '',
        rowId: account.id,
        editToken: '',
        whatsapp: p.whatsapp,
        texts: { whatsapp: p.whatsapp },
        personal: [p.whatsapp],
        erasedBy: ['number'],
      };
    },
  },
  'an assistant, not yet confirmed': {
    intake: 'mcp',
    table: 'consent_drafts',
    columns: ['payload', 'contact_whatsapp'],
    async plant() {
      const p = person();
      const { texts, body } = fullRequest(p, {});
      const { type: _type, source: _source, ...fields } = body;
      // A client that cannot ask its person: the submission waits, prepared, for a confirmation that never comes.
      const assistant = await connect(mcpUrl, 'legacy', 'cannot ask');
      const result = await assistant.client.callTool({ name: 'publicar_solicitud', arguments: fields });
      await assistant.client.close();
      assert.equal(result.isError, true, JSON.stringify(result));
      return {
        entry: 'a prepared submission',
        id: '',
        rowId: '',
        editToken: '',
        whatsapp: p.whatsapp,
        texts: { payload: texts.title, contact_whatsapp: p.whatsapp },
        personal: personalOf(p),
        erasedBy: ['number', 'retention'],
      };
    },
  },
  'a WhatsApp conversation left half written': {
    intake: 'whatsapp',
    table: 'conversations',
    columns: ['address', 'state'],
    async plant() {
      const p = person();
      const from = p.whatsapp.slice(1);
      const s = whatsappSender(from);
      const title = freeText('Techo', p);
      for (const message of [s.text('Hola'), s.choice('type:request'), s.choice('cat:agua'), s.text(title)]) {
        await whatsappMessage(from, p.name, message);
      }
      const row = await h.ctx.db
        .selectFrom('conversations')
        .select('id')
        .where('address', '=', p.whatsapp)
        .executeTakeFirstOrThrow();
      return {
        entry: 'a conversation half written',
        id: '',
        rowId: row.id,
        editToken: '',
        whatsapp: p.whatsapp,
        texts: { address: p.whatsapp, state: title },
        personal: [p.whatsapp, title],
        erasedBy: ['number', 'retention'],
      };
    },
  },
};

async function plantAll(): Promise<Planted[]> {
  const planted: Planted[] = [];
  for (const entry of Object.values(entryPoints)) {
    const one = await entry.plant();
    const table = entry.table ?? 'help_records';
    if (table === 'help_records' && (await record(one.id)).review_status === 'pending_review') {
      await approveSubmission(h.ctx, one.id, 'leader-1');
    }
    planted.push({ ...one, table, rowId: one.rowId ?? one.id });
  }
  return planted;
}

function record(id: string) {
  return h.ctx.db.selectFrom('help_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The planted rows a way of erasing reaches. */
const reachedBy = (planted: Planted[], way: WayName) => planted.filter((p) => !p.erasedBy || p.erasedBy.includes(way));

/** Every row of every table, as text. */
async function everyRow(): Promise<string> {
  const parts: string[] = [];
  for (const table of Object.keys(personalDataByTable) as (keyof Tables)[]) {
    parts.push(`${table}: ${JSON.stringify(await h.ctx.db.selectFrom(table).selectAll().execute())}`);
  }
  return parts.join('\n');
}

/** The database as bytes on disk: SQLite's file and WAL, or a PostgreSQL dump. */
function databaseBytes(): string {
  if (engine === 'postgres') {
    return execFileSync('pg_dump', ['--data-only', h.dbUrl], { maxBuffer: 256 * 1024 * 1024 }).toString('latin1');
  }
  const file = h.config.database.kind === 'sqlite' ? h.config.database.file : '';
  return [file, `${file}-wal`]
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path).toString('latin1'))
    .join('\n');
}

const latin1 = (value: string) => Buffer.from(value, 'utf8').toString('latin1');

/** What is left of the planted values after an erasure: in rows (feed and deliveries included) and in bytes. */
async function leftovers(all: Planted[], way: WayName, scope: 'all' | 'contact'): Promise<string[]> {
  const rows = await everyRow();
  // The file is compacted after an erasure at once or within the minute (commands/personal-data/compaction.ts):
  // one still waiting for its minute runs now.
  await compactPending(h.ctx);
  const bytes = databaseBytes();
  const found: string[] = [];
  for (const p of reachedBy(all, way)) {
    // The person's own values go whatever the scope; a free text's own words go when all of the record's words do.
    // The edit token too: a stored answer that held it goes with the record.
    const own = p.editToken === '' ? [] : [p.editToken];
    const values = new Set(
      scope === 'all' ? [...p.personal, ...Object.values(p.texts), ...own] : [...p.personal, ...own],
    );
    for (const value of values) {
      if (value === undefined) continue;
      if (rows.includes(value)) found.push(`${p.entry}: "${value}" in a table`);
      if (bytes.includes(latin1(value))) found.push(`${p.entry}: "${value}" in the database's bytes`);
    }
    // Each column of the planted row as its role says: cleared, scrubbed, or the whole row deleted.
    const roles: Record<string, { erased: string }> = rolesByTable[p.table];
    const personal: readonly string[] = personalColumnsOf(rolesByTable[p.table]);
    if (!('id' in roles)) continue; // keyed otherwise (messages, alerts, drafts): its values were searched above
    const row: Record<string, unknown> | undefined = await h.ctx.db
      .selectFrom(p.table as 'help_records')
      .selectAll()
      .where('id', '=', p.rowId)
      .executeTakeFirst();
    if (row === undefined) {
      if (!personal.some((column) => roles[column]?.erased === 'row')) found.push(`${p.entry}: its row is gone`);
      continue;
    }
    for (const column of personal) {
      const rule = roles[column]?.erased;
      const cleared = { null: null, empty: '', zero: 0 }[rule as 'null' | 'empty' | 'zero'];
      if (cleared !== undefined && row[column] !== cleared) found.push(`${p.entry}: ${column} is ${row[column]}`);
      if (rule === 'scrub' && scope === 'all' && row[column] !== null) found.push(`${p.entry}: ${column} kept words`);
    }
  }
  return found;
}

describe('every personal column of every table that holds personal data', () => {
  test('is planted by some entry point, and every intake plants; the columns skipped are ids, hashes and facts', (t) => {
    const intakes = new Set(Object.values(entryPoints).map((e) => e.intake));
    assert.deepEqual(
      ['api', 'kobo', ...ownSources, 'leaders', 'pledges', 'route claims'].filter(
        (intake) => !intakes.has(intake as Intake),
      ),
      [],
      'an intake no entry point plants through',
    );
    // The tables an entry point writes to directly declare each column it sets; the tables beside them are filled
    // on the way (checked with the planted values in the next test).
    const written = new Set(Object.values(entryPoints).map((e) => e.table ?? 'help_records'));
    for (const [table, roles] of Object.entries(rolesByTable).filter(([table]) => written.has(table as RoleTable))) {
      const planted = new Set(
        Object.values(entryPoints)
          .filter((e) => (e.table ?? 'help_records') === table)
          .flatMap((e) => e.columns),
      );
      assert.deepEqual(
        personalColumnsOf(roles).filter((column) => !planted.has(column)),
        [],
        `${table}: a personal column no entry point plants`,
      );
    }
    for (const [table, roles] of Object.entries(rolesByTable)) {
      const kinds: Record<string, { kind: string }> = roles;
      const personal: readonly string[] = personalColumnsOf(roles);
      const skipped = Object.keys(roles).filter((column) => !personal.includes(column));
      for (const column of skipped) assert.ok(['public', 'system'].includes(kinds[column]?.kind ?? ''), column);
      t.diagnostic(`${table}, skipped (public or system): ${skipped.join(', ')}`);
    }
  });

  test('never published where it is never public, and listed whole by the right to know', async () => {
    const planted = await plantAll();
    const rowsOf = async (table: RoleTable): Promise<Record<string, unknown>[]> =>
      h.ctx.db.selectFrom(table).selectAll().execute();
    for (const p of planted) {
      const rows = await rowsOf(p.table);
      for (const [column, value] of Object.entries(p.texts) as [string, string][]) {
        assert.equal(typeof value, 'string');
        assert.ok(
          rows.some((row) => String(row[column] ?? '').includes(value)),
          `${p.entry}: ${p.table}.${column} holds what was sent`,
        );
      }
    }
    // Every personal column of every table with roles holds a planted value: no table or column is out of reach of
    // the checks below, whichever entry point's trail fills it (messages, history, audit, feed, stored answers).
    const markers = planted.flatMap((p) => [...p.personal, ...Object.values(p.texts), p.editToken]).filter(Boolean);
    for (const [table, roles] of Object.entries(rolesByTable) as [RoleTable, AnyRoles][]) {
      const rows = await rowsOf(table);
      for (const column of personalColumnsOf(roles)) {
        assert.ok(
          rows.some((row) => markers.some((marker) => String(row[column] ?? '').includes(marker as string))),
          `${table}.${column} holds no planted value: no entry point reaches it`,
        );
      }
    }
    const alerts = await h.ctx.db.selectFrom('outbound_messages').select('body').where('kind', '=', 'alert').execute();
    // The urgent requests alerted the leader, and no alert carries what any submitter wrote.
    assert.ok(alerts.length > 0, 'the urgent requests alerted the leader');
    const quoted = planted.filter((p) =>
      alerts.some((a) => Object.values(p.texts).some((value) => value && a.body.includes(value))),
    );
    assert.deepEqual(
      quoted.map((p) => p.entry),
      [],
      'no alert quotes a submitter',
    );
    const outputs = await crawlPublic(h);
    const hidden = planted.flatMap((p) => {
      const roles: Record<string, { published: string }> = rolesByTable[p.table];
      return Object.entries(p.texts)
        .filter(([column]) => roles[column]?.published === 'never')
        .map(([, value]) => value as string);
    });
    assert.ok(hidden.length >= 9, 'identity document, revision, rejection, pledger and volunteer');
    assert.deepEqual(leaks(outputs, hidden), []);
    // A request shown at its approximate place publishes neither its street nor its exact point.
    const approximate = planted.filter((p) => p.entry === 'API request');
    assert.deepEqual(
      leaks(outputs, [...approximate.map((p) => p.texts.address as string), '1.151234', '-76.651234']),
      [],
    );

    for (const p of planted) {
      const known = JSON.stringify(await exportPersonalData(h.ctx, p.whatsapp));
      for (const value of Object.values(p.texts)) {
        assert.ok(known.includes(JSON.stringify(value).slice(1, -1)), `${p.entry}: "${value}" in the right to know`);
      }
    }
  });

  const ways: { way: WayName; name: string; scope: 'all' | 'contact'; erase(planted: Planted[]): Promise<void> }[] = [
    {
      way: 'withdrawal',
      name: "the person's withdrawal",
      scope: 'all',
      async erase(planted) {
        for (const p of reachedBy(planted, 'withdrawal')) {
          if (p.editToken !== '') await withdrawWithToken(h.ctx, p.id, p.editToken);
          else if (p.say) {
            // As the person does it: "retirar" and the code, then SI, in the same conversation; the answer goes out.
            const code = await leaderCodeFor(h.ctx, p.id);
            await p.say(`retirar ${code}`);
            await p.say('SI');
            assert.equal((await record(p.id)).review_status, 'withdrawn', p.entry);
          } else await withdrawWithReceipt(h.ctx, await leaderCodeFor(h.ctx, p.id), p.whatsapp);
        }
      },
    },
    {
      way: 'record',
      name: "the team's erasure of a record",
      scope: 'all',
      async erase(planted) {
        for (const p of reachedBy(planted, 'record')) await eraseRecord(h.ctx, p.id, 'admin-1', 'Pedido de la persona');
      },
    },
    {
      way: 'number',
      name: "the team's erasure of a number",
      scope: 'all',
      async erase(planted) {
        for (const p of planted) await eraseByWhatsapp(h.ctx, p.whatsapp, 'admin-1', 'Pedido de la persona');
      },
    },
    {
      way: 'retention',
      name: 'retention after the emergency closed',
      scope: 'contact',
      async erase() {
        // Records, pledges and route claims of an emergency closed more than RETENTION_AFTER_CLOSE_DAYS ago.
        await closeEmergency(h.ctx, 'inundacion-mocoa', 'admin-1');
        h.clock.advanceHours(91 * 24);
        await purgePersonalData(h.ctx, { dryRun: false });
      },
    },
  ];
  for (const way of ways) {
    test(`is gone after ${way.name}: rows, change feed, deliveries and bytes`, async () => {
      const planted = await plantAll();
      await way.erase(planted);
      assert.deepEqual(await leftovers(planted, way.way, way.scope), []);
    });
  }
});
