import assert from 'node:assert/strict';
import { test } from 'node:test';
import { html } from './html.ts';

test('interpolations are escaped, nested templates are not', () => {
  const input = `"><img src=x onerror=alert(1)>&'`;
  const out = html`<a title="${input}">${input}</a>${html`<b>${'<i>'}</b>`}`.value;
  assert.equal(
    out,
    '<a title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;&#39;">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;&#39;</a><b>&lt;i&gt;</b>',
  );
});

test('arrays join; null, undefined and false render nothing; numbers and 0 render', () => {
  assert.equal(
    html`${[html`<li>${'a'}</li>`, '<b>']}|${null}${undefined}${false}|${0}`.value,
    '<li>a</li>&lt;b&gt;||0',
  );
});
