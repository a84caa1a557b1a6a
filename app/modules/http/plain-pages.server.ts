import { getFixedT } from "~/modules/i18n/i18n.server";
import { resolveLanguage } from "~/modules/i18n/languages";

function cookieValue(cookieHeader: string | null, name: string): string | null {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  if (!match) return null;
  try {
    return JSON.parse(Buffer.from(decodeURIComponent(match[1]), "base64").toString("utf8"));
  } catch {
    return null;
  }
}

const pages = {
  tooLarge: { title: "error.tooLargeTitle", body: "error.tooLarge" },
  crossSite: { title: "error.crossSiteTitle", body: "error.crossSite" },
  badRequest: { title: "error.badRequestTitle", body: "error.badRequest" },
} as const;

export type PlainPage = keyof typeof pages;

/**
 * The pages the Express server answers before Remix runs (a refused or unreadable
 * request), so they are small and self-contained, in the visitor's language.
 */
export function plainPage(kind: PlainPage, cookieHeader: string | null, url: URL): string {
  const language = resolveLanguage({ query: url.searchParams.get("l"), cookie: cookieValue(cookieHeader, "lng") });
  const t = getFixedT(language);
  const { title, body } = pages[kind];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${t(title)}</h1><p>${t(body)}</p><p><a href="/">${t("notFound.home")}</a></p></body></html>`;
}
