import assert from 'node:assert/strict';
import { test } from 'node:test';
import { offerFieldNames, requestFieldNames } from '../../../schemas/submission.ts';
import type { SiteDocument } from '../document.ts';
import type { FormState } from './form-controls.ts';
import { offerFormPage } from './offer-form-page.ts';
import { requestFormPage } from './request-form-page.ts';

const state: FormState = {
  lang: 'es',
  emergencies: [],
  values: {},
  errors: {},
  baseUrl: 'http://ayuda.test',
  retention: { identityDays: 30, rejectedDays: 30, afterCloseDays: 90, changesDays: 30, messagesDays: 30 },
};

/** The API fields the twin's table has a row for, in order. */
function twinRows(page: SiteDocument): string[] {
  const markdown = page.blocks.flatMap((block) => (block.kind === 'markdown' ? [block.text] : [])).join('\n');
  return [...markdown.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1] ?? '');
}

test('each form twin explains every field of its schema, and only those', () => {
  for (const [page, fields] of [
    [requestFormPage(state), requestFieldNames],
    [offerFormPage(state), offerFieldNames],
  ] as const) {
    const rows = twinRows(page);
    assert.deepEqual([...rows].sort(), [...fields].sort());
  }
});
