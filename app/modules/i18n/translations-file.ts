import type { Resources } from "./translate";

/**
 * The page's translations travel as one cached JSON file (docs/architecture.md#translations),
 * named in the document head by a preload link with this id, so the browser fetches it beside
 * the scripts and the page's HTML does not carry it.
 */
export const TRANSLATIONS_LINK_ID = "translations";

/**
 * The language the page was rendered in and its translations, or null when they cannot be
 * had: the page then stays as the server rendered it, every link and form working without JS.
 */
export async function loadTranslations(): Promise<{ language: string; resources: Resources } | null> {
  const href = document.getElementById(TRANSLATIONS_LINK_ID)?.getAttribute("href");
  if (!href) return null;
  try {
    const response = await fetch(href);
    if (!response.ok) return null;
    return { language: document.documentElement.lang, resources: (await response.json()) as Resources };
  } catch {
    return null;
  }
}
