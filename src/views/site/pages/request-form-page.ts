// /necesito-ayuda: the request form (SPEC 2.2 + 2.3); its twin explains the fields and the same API call.
import { bounds } from '../../../domain/bounds.ts';
import { categories, categoryLabels } from '../../../domain/categories.ts';
import { urgencies } from '../../../domain/statuses.ts';
import { IDENTITY_DOCUMENT_MAX } from '../../../schemas/identity-document.ts';
import { type RequestFieldName, requestSubmission } from '../../../schemas/submission.ts';
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

export const REQUEST_PATH = '/necesito-ayuda';

/**
 * Field -> label for the error summary, which lists problems in this order, the form's: every field a person fills,
 * and only those.
 */
export function requestLabels(t: FormStrings): Record<string, string> {
  return {
    emergencySlug: t.emergencySlug,
    title: t.title,
    category: t.category,
    urgency: t.urgency,
    description: t.description,
    resourceLabel: t.resourceLabel,
    quantityRequired: t.quantityRequired,
    unit: t.unit,
    neededPeople: t.neededPeople,
    departmentCode: t.departmentCode,
    municipalityCode: t.municipalityCode,
    latitude: t.latitude,
    longitude: t.longitude,
    address: t.address,
    neighborhood: t.neighborhood,
    showExactLocation: t.showExactLocation,
    contactName: t.contactName,
    contactWhatsapp: t.contactWhatsapp,
    identityDocument: t.identityDocument,
    publishContact: t.publishContactRequest,
  } satisfies Record<FilledField<RequestFieldName> | 'identityDocument' | 'departmentCode', string>;
}

function form(state: FormState, t: FormStrings) {
  const { values, errors, lang } = state;
  const b = bounds;
  const urgencyLabel = { urgent: t.urgencyUrgent, needed: t.urgencyNeeded, stable: t.urgencyStable };
  const identity = input({
    name: 'identityDocument',
    label: t.identityDocument,
    help: t.identityDocumentHelp,
    note: state.retypeIdentity ? t.identityRetype : undefined,
    errors,
    // Never echoed back: a page with errors may be left on a shared phone.
    value: '',
    maxlength: IDENTITY_DOCUMENT_MAX,
  });
  return html`<form class="envio" method="post" action="${actionPath(REQUEST_PATH, lang)}">
${externalIdField(values)}
${emergencyField(state, t)}
<fieldset><legend>${t.sectionNeed}</legend>${input({
    name: 'title',
    label: t.title,
    help: t.requestTitleHelp,
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
  })}${radios({
    name: 'urgency',
    label: t.urgency,
    errors,
    value: values.urgency || 'needed',
    options: urgencies.map((u) => ({ value: u, label: urgencyLabel[u] })),
  })}${textarea({
    name: 'description',
    label: t.description,
    help: t.descriptionHelp,
    errors,
    value: values.description,
    maxlength: b.description.max,
  })}${input({
    name: 'resourceLabel',
    label: t.resourceLabel,
    help: t.resourceLabelHelp,
    errors,
    value: values.resourceLabel,
    maxlength: b.resourceLabel.max,
  })}<div class="pareja">${input({
    name: 'quantityRequired',
    label: t.quantityRequired,
    help: t.quantityRequiredHelp,
    errors,
    value: values.quantityRequired,
    inputmode: 'decimal',
    maxlength: 16,
  })}${input({
    name: 'unit',
    label: t.unit,
    help: t.unitHelp,
    errors,
    value: values.unit,
    maxlength: b.unit.max,
  })}</div>${input({
    name: 'neededPeople',
    label: t.neededPeople,
    help: t.neededPeopleHelp,
    errors,
    value: values.neededPeople,
    inputmode: 'numeric',
    maxlength: 6,
  })}</fieldset>
<fieldset><legend>${t.sectionWhere}</legend>${locationFields(state, t, t.locationHelp, true)}${input({
    name: 'address',
    label: t.address,
    help: t.requestAddressPrivate,
    required: true,
    errors,
    value: values.address,
    minlength: b.address.min,
    maxlength: b.address.max,
    autocomplete: 'street-address',
  })}${input({
    name: 'neighborhood',
    label: t.neighborhood,
    help: t.requestNeighborhoodHelp,
    errors,
    value: values.neighborhood,
    maxlength: b.neighborhood.max,
  })}${checkbox({
    name: 'showExactLocation',
    label: t.showExactLocation,
    help: t.showExactLocationHelp,
    errors,
    // Never ticked in advance: an exact home is public only when the person chooses it.
    checked: values.showExactLocation === 'si',
  })}</fieldset>
<fieldset><legend>${t.sectionContact}</legend>${contactFields(state, t, identity, t.publishContactRequest)}${consentTermsHtml(
    state,
    t,
    'request',
  )}</fieldset>
<p><button type="submit">${t.sendRequest}</button></p>
</form>`;
}

function twin(state: FormState, t: FormStrings): Block[] {
  const b = bounds;
  const example = (requestSubmission.meta() as { examples: Record<string, unknown>[] }).examples[0] ?? {};
  return [
    twinFieldTable(t, [
      ...commonTwinRows(t, 'request', categories),
      ['address', true, lengthLimit(t, b.address), t.address],
      ['neighborhood', false, lengthLimit(t, b.neighborhood), t.neighborhood],
      ['municipalityCode', false, '`86001`…', t.twinMunicipalityPlace],
      ['latitude', t.withoutMunicipality, `${b.latitude.min} … ${b.latitude.max}`, t.latitude],
      ['longitude', t.withoutMunicipality, `${b.longitude.min} … ${b.longitude.max}`, t.longitude],
      ['showExactLocation', false, `\`true\`, \`false\`; ${t.defaultIs} \`false\``, t.twinShowExactLocation],
      ['urgency', false, `${urgencies.map((u) => `\`${u}\``).join(', ')}; ${t.defaultIs} \`needed\``, t.urgency],
      [
        'neededPeople',
        false,
        `${t.integer} ${b.neededPeople.min}–${b.neededPeople.max}; ${t.defaultIs} 1`,
        t.neededPeople,
      ],
      ['resourceLabel', false, lengthLimit(t, b.resourceLabel), t.resourceLabel],
      ['quantityRequired', false, `> 0, ≤ ${b.quantityRequired.max}`, t.quantityRequired],
      ['unit', false, lengthLimit(t, b.unit), t.unit],
    ]),
    consentTermsTwin(state, t, 'request'),
    ...noticesTwin(state),
    ...twinApiBlocks(t, state, example, [t.twinIdentity]),
  ];
}

export function requestFormPage(state: FormState): SiteDocument {
  const t = formStrings(state.lang);
  const open = state.emergencies.length > 0;
  return {
    path: formPath(REQUEST_PATH, state),
    lang: state.lang,
    nav: 'need',
    title: t.requestTitle,
    summary: t.requestSummary,
    status: state.status,
    scripts: open ? ['/static/ubicacion.js'] : [],
    blocks: [
      { kind: 'html', html: errorSummary(t, state.errors, requestLabels(t), state.formError) },
      ...(state.notice ? [text({ b: state.notice })] : []),
      text(t.reviewRule),
      text(t.requestConsentRule),
      text(link(localized('/privacidad', state.lang), t.privacyLink)),
      text({ b: t.emergencyCall }),
      open ? text(t.requiredNote) : text({ b: t.noEmergency }),
      ...(open ? [{ kind: 'html', html: form(state, t) } as Block] : []),
      ...twin(state, t),
    ],
  };
}
