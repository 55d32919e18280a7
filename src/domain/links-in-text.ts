// Whether a text carries something a phone would open or write to: a web address, a bare domain ("bit.ly/x",
// "wa.me/57…"), or an e-mail. The review inbox flags such a submission: a scam sends people somewhere else. The
// same worry as units.ts's isUnitWords, but in free text a missing space after a full stop ("agua.Urgente") must not
// count, so a bare domain needs a known ending.
const SCHEME = /\b(?:https?|ftp):\/\/|\bwww\./iu;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
const DOMAIN =
  /(?:^|[^\p{L}\p{N}@.-])[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|co|org|net|info|biz|gov|edu|io|me|ly|gl|to|link|site|online|xyz|app|page|shop|store|live|club|top|ru|cn|tk)(?![\p{L}\p{N}])/iu;

export function hasLink(text: string): boolean {
  return SCHEME.test(text) || EMAIL.test(text) || DOMAIN.test(text);
}
