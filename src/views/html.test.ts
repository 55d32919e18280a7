import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatNumber } from '../domain/number-format.ts';
import { html } from './html.ts';

test('interpolations are escaped, nested templates are not', () => {
  const input = `"><img src=x onerror=alert(1)>&'`;
  const out = html`<a title="${input}">${input}</a>${html`<b>${'<i>'}</b>`}`.value;
  assert.equal(
    out,
    '<a title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;&#39;">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;&#39;</a><b>&lt;i&gt;</b>',
  );
});

test('arrays join; null, undefined and false render nothing; an empty string renders', () => {
  assert.equal(
    html`${[html`<li>${'a'}</li>`, '<b>']}|${null}${undefined}${false}|${''}`.value,
    '<li>a</li>&lt;b&gt;||',
  );
});

test('a number is not markup: what people read goes through formatNumber, an attribute through String', () => {
  const count = 1500;
  // @ts-expect-error a bare number would print "1500" where people read "1.500"
  assert.equal(html`${count}`.value, '1500');
  assert.equal(html`${formatNumber(count)}`.value, '1.500');
});
