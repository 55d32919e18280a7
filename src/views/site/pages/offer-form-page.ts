// /quiero-ayudar: the offer form (SPEC 2.2 + 2.4); its twin explains the fields and the same API call.
import { bounds } from '../../../domain/bounds.ts';
import { categories, categoryLabels } from '../../../domain/categories.ts';
import { collectionCenterStatuses } from '../../../domain/statuses.ts';
import { type OfferFieldName, offerSubmission } from '../../../schemas/submission.ts';
import { html } from '../../html.ts';
import { type Block, link, localized, type SiteDocument, text } from '../document.ts';
import {
  actionPath,
  categoryOptions,
  checkbox,
  commonTwinRows,
  consentTermsHtml,
  consentTermsTwin,
  contactFields,
  emergencyField,
  errorSummary,
  externalIdField,
  type FilledField,
  type FormState,
  type FormStrings,
  formPath,
  formStrings,
  input,
  lengthLimit,
  locationFields,
  noticesTwin,
  radios,
  select,
  textarea,
  twinApiBlocks,
  twinFieldTable,
} from './form-controls.ts';

export const OFFER_PATH = '/quiero-ayudar';

/**
 * Field -> label for the error summary, which lists problems in this order, the form's: every field a person fills,
 * and only those.
 */
export function offerLabels(t: FormStrings): Record<string, string> {
  return {
    emergencySlug: t.emergencySlug,
    title: t.title,
    category: t.category,
    description: t.description,
    collectionCenterStatus: t.collectionCenterStatus,
    vehicle: t.vehicle,
    capacityKg: t.capacityKg,
    capacityBoxes: t.capacityBoxes,
    passengerCapacity: t.passengerCapacity,
    zones: t.zones,
    availableUntil: t.availableUntil,
    needsTransport: t.needsTransport,
    departmentCode: t.departmentCode,
    municipalityCode: t.municipalityCode,
    latitude: t.latitude,
    longitude: t.longitude,
    address: t.address,
    showExactLocation: t.offerShowExactLocation,
    contactName: t.contactName,
    contactWhatsapp: t.contactWhatsapp,
    publishContact: t.publishContact,
  } satisfies Record<FilledField<OfferFieldName> | 'departmentCode', string>;
}

function form(state: FormState, t: FormStrings) {
  const { values, errors, lang } = state;
  const b = bounds;
  const centreLabel = {
    full: t.centreFull,
    needs_volunteers: t.centreNeedsVolunteers,
    needs_resources: t.centreNeedsResources,
  };
  return html`<form class="envio" method="post" action="${actionPath(OFFER_PATH, lang)}">
${externalIdField(values)}
${emergencyField(state, t)}
<fieldset><legend>${t.sectionOffer}</legend>${input({
    name: 'title',
    label: t.title,
    help: t.offerTitleHelp,
    required: true,
    errors,
    value: values.title,
    minlength: b.title.min,
    maxlength: b.title.max,
  })}${select({
    name: 'category',
    label: t.category,
    required: true,
    errors,
    value: values.category,
    blank: t.categoryBlank,
    options: categoryOptions(lang, categoryLabels),
  })}${textarea({
    name: 'description',
    label: t.description,
    help: t.descriptionHelp,
    errors,
    value: values.description,
    maxlength: b.description.max,
  })}${select({
    name: 'collectionCenterStatus',
    label: t.collectionCenterStatus,
    errors,
    value: values.collectionCenterStatus,
    blank: t.collectionCenterBlank,
    options: collectionCenterStatuses.map((s) => ({ value: s, label: centreLabel[s] })),
  })}</fieldset>
<fieldset><legend>${t.sectionCapacity}</legend>${input({
    name: 'vehicle',
    label: t.vehicle,
    help: t.vehicleHelp,
    errors,
    value: values.vehicle,
    maxlength: b.vehicle.max,
  })}<div class="pareja">${input({
    name: 'capacityKg',
    label: t.capacityKg,
    help: t.capacityKgHelp,
    errors,
    value: values.capacityKg,
    inputmode: 'decimal',
    maxlength: 16,
  })}${input({
    name: 'capacityBoxes',
    label: t.capacityBoxes,
    help: t.capacityBoxesHelp,
    errors,
    value: values.capacityBoxes,
    inputmode: 'numeric',
    maxlength: 8,
  })}</div>${input({
    name: 'passengerCapacity',
    label: t.passengerCapacity,
    help: t.passengerCapacityHelp,
    errors,
    value: values.passengerCapacity,
    inputmode: 'numeric',
    maxlength: 6,
  })}${input({
    name: 'zones',
    label: t.zones,
    help: t.zonesHelp,
    errors,
    value: values.zones,
    maxlength: b.zones.max,
  })}${input({
    name: 'availableUntil',
    label: t.availableUntil,
    help: t.availableUntilHelp,
    errors,
    value: values.availableUntil,
    type: 'date',
  })}${radios({
    name: 'needsTransport',
    label: t.needsTransport,
    errors,
    value: values.needsTransport ?? '',
    options: [
      { value: 'si', label: t.needsTransportYes },
      { value: 'no', label: t.needsTransportNo },
      { value: '', label: t.needsTransportUnknown },
    ],
  })}</fieldset>
<fieldset><legend>${t.sectionWhereOptional}</legend>${locationFields(state, t, t.offerLocationHelp)}${input({
    name: 'address',
    label: t.address,
    help: t.offerAddressHelp,
    errors,
    value: values.address,
    maxlength: b.address.max,
    autocomplete: 'street-address',
  })}${checkbox({
    name: 'showExactLocation',
    label: t.offerShowExactLocation,
    help: t.offerShowExactLocationHelp,
    errors,
    // Never ticked in advance: an exact place is public only when the person chooses it.
    checked: values.showExactLocation === 'si',
  })}</fieldset>
<fieldset><legend>${t.sectionContact}</legend>${contactFields(state, t)}${consentTermsHtml(state, t, 'offer')}</fieldset>
<p><button type="submit">${t.sendOffer}</button></p>
</form>`;
}

function twin(state: FormState, t: FormStrings): Block[] {
  const b = bounds;
  const example = (offerSubmission.meta() as { examples: Record<string, unknown>[] }).examples[0] ?? {};
  const range = (r: { min: number; max: number }) => `${r.min}–${r.max}`;
  return [
    twinFieldTable(t, [
      ...commonTwinRows(t, 'offer', categories),
      ['address', false, lengthLimit(t, b.address), t.address],
      ['municipalityCode', false, '`86001`…', t.twinMunicipalityPlace],
      ['latitude', false, `${b.latitude.min} … ${b.latitude.max}`, `${t.latitude}: ${t.coordinatesPair}`],
      ['longitude', false, `${b.longitude.min} … ${b.longitude.max}`, `${t.longitude}: ${t.coordinatesPair}`],
      ['showExactLocation', false, `\`true\`, \`false\`; ${t.defaultIs} \`false\``, t.twinOfferShowExactLocation],
      [
        'collectionCenterStatus',
        false,
        collectionCenterStatuses.map((s) => `\`${s}\``).join(', '),
        t.collectionCenterStatus,
      ],
      ['vehicle', false, lengthLimit(t, b.vehicle), t.vehicle],
      ['capacityKg', false, range(b.capacityKg), t.capacityKg],
      ['capacityBoxes', false, `${t.integer} ${range(b.capacityBoxes)}`, t.capacityBoxes],
      ['passengerCapacity', false, `${t.integer} ${range(b.passengerCapacity)}`, t.passengerCapacity],
      ['zones', false, lengthLimit(t, b.zones), t.zones],
      ['availableUntil', false, t.availableUntilHelp, t.availableUntil],
      ['needsTransport', false, '`true`, `false`', t.needsTransport],
    ]),
    consentTermsTwin(state, t, 'offer'),
    ...noticesTwin(state),
    ...twinApiBlocks(t, state, example),
  ];
}

export function offerFormPage(state: FormState): SiteDocument {
  const t = formStrings(state.lang);
  const open = state.emergencies.length > 0;
  return {
    path: formPath(OFFER_PATH, state),
    lang: state.lang,
    nav: 'give',
    title: t.offerTitle,
    summary: t.offerSummary,
    status: state.status,
    scripts: open ? ['/static/ubicacion.js'] : [],
    blocks: [
      { kind: 'html', html: errorSummary(t, state.errors, offerLabels(t), state.formError) },
      ...(state.notice ? [text({ b: state.notice })] : []),
      text(t.reviewRule),
      text(t.consentRule),
      text(link(localized('/privacidad', state.lang), t.privacyLink)),
      open ? text(t.requiredNote) : text({ b: t.noEmergency }),
      ...(open ? [{ kind: 'html', html: form(state, t) } as Block] : []),
      ...twin(state, t),
    ],
  };
}
