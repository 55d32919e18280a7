// An identity document as the request form takes it: private (never in the public schema), so only bounded and
// clean like any one-line text. The form, its field's maxlength and the tests' sample documents share this rule.
import { text } from './common.ts';

/** Longest identity document the form takes (cédula, passport, PPT numbers are far shorter). */
export const IDENTITY_DOCUMENT_MAX = 40;

export const identityDocument = text({ max: IDENTITY_DOCUMENT_MAX });
