// The touch-target rule of the public pages, measured in a real browser: every link and control a thumb aims at is at
// least 44 px tall. Browser code is a string: the tests' TypeScript has no DOM types.
import type { Page } from 'playwright-core';

export const TOUCH = 44;

/**
 * Each visible link or control of the header and the page's content whose height is under 44 px. A checkbox or a
 * radio button is touched through its label, so the label is measured. A link inside a sentence is left out: it
 * takes the sentence's line, and making that line 44 px tall would pull the text apart (WCAG 2.5.8 exempts inline
 * targets). A paragraph of links joined only by separators (" · ") is no sentence: its links are measured.
 */
export const SMALL_TARGETS = `(() => {
  const small = [];
  const separator = /^[\\s·|,;•–—-]*$/;
  for (const el of document.querySelectorAll('header a, header summary, main a, main button, main summary, main select, main input')) {
    const parent = el.parentElement;
    const inSentence = el.tagName === 'A' && parent && parent.tagName === 'P' && !parent.classList.contains('enlace') &&
      [...parent.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && !separator.test(n.textContent || ''));
    if (inSentence) continue;
    if (el.tagName === 'INPUT' && el.type === 'hidden') continue;
    const boxed = el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio');
    const target = boxed ? el.closest('label') || (el.id ? document.querySelector('label[for="' + el.id + '"]') : null) : el;
    if (!target) continue;
    const rect = target.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.height < ${TOUCH} - 0.5) {
      small.push(el.tagName.toLowerCase() + ' "' + (el.textContent || el.getAttribute('name') || '').trim().slice(0, 40) + '" ' + rect.height.toFixed(1) + 'px');
    }
  }
  return small;
})()`;

/** The links and controls of the page as loaded that are under 44 px tall, each as `a "text" 19.0px`. */
export const smallTargets = (page: Page) => page.evaluate<string[]>(SMALL_TARGETS);
