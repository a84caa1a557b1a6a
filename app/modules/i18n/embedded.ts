/** The translations a page was rendered with travel in the HTML as inert JSON for hydration. */
export const EMBEDDED_I18N_ID = "i18n-resources";

export type EmbeddedI18n = { language: string; resources: Record<string, Record<string, unknown>> };

export function readEmbeddedI18n(): EmbeddedI18n {
  const element = document.getElementById(EMBEDDED_I18N_ID);
  return JSON.parse(element?.textContent ?? '{"language":"es","resources":{}}') as EmbeddedI18n;
}

/** Safe inside a <script> element: no "</script>" or HTML comment can be formed. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
