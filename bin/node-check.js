// Plain JavaScript that any Node.js can run, so an old one gets a sentence instead of a syntax or loader error.
export const NODE_MAJOR_REQUIRED = 24;

/** The message for a Node.js too old to run the service, or null when `version` (e.g. "20.11.1") is new enough. */
export function nodeVersionProblem(version) {
  const major = Number.parseInt(String(version).replace(/^v/, ''), 10);
  if (Number.isInteger(major) && major >= NODE_MAJOR_REQUIRED) return null;
  return `Ayuda Directa necesita Node.js ${NODE_MAJOR_REQUIRED} o más reciente (tiene v${String(version).replace(/^v/, '')}).`;
}
