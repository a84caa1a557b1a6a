/**
 * An inline script for the document's head, run before any module: zod's settings in the browser.
 * Zod compiles a fast parser for each object schema with `new Function`, and probes for it when
 * the schema is made, at module load. The CSP has no 'unsafe-eval' (docs/security.md#headers), so
 * the probe fails, and, though zod catches it, the browser reports a CSP violation on every page
 * with a form. `jitless` skips the probe. Zod reads its settings from this global, which exists
 * before zod loads; the server keeps the compiled parsers.
 */
export const zodInBrowserScript =
  "globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });";
