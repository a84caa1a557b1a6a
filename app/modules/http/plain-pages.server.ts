import { languageFromAcceptHeader } from "~/modules/i18n/accept-language";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { resolveLanguage } from "~/modules/i18n/languages";
import { isApiPath } from "./api-paths";

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
  tooLarge: { title: "error.tooLargeTitle", body: "error.tooLarge", code: "tooLarge", api: "error.tooLarge" },
  crossSite: { title: "error.crossSiteTitle", body: "error.crossSite", code: "crossSite", api: "api:errors.crossSite" },
  badRequest: {
    title: "error.badRequestTitle",
    body: "error.badRequest",
    code: "badRequest",
    api: "api:errors.unreadable",
  },
  internal: { title: "error.title", body: "error.body", code: "internal", api: "error.body" },
} as const;

export type PlainPage = keyof typeof pages;

/**
 * What the Express server answers before (or instead of) Remix: under /api the API's JSON
 * error shape (docs/architecture.md#api), elsewhere a small HTML page.
 */
export function plainAnswer(
  kind: PlainPage,
  request: { cookieHeader: string | null; acceptLanguage: string | null; url: URL },
): { type: "json" | "html"; body: string } {
  if (!isApiPath(request.url.pathname))
    return { type: "html", body: plainPage(kind, request.cookieHeader, request.url) };
  const query = request.url.searchParams.get("l");
  const language = resolveLanguage({
    query,
    userLanguage: languageFromAcceptHeader(request.acceptLanguage),
    cookie: cookieValue(request.cookieHeader, "lng"),
  });
  const { code, api } = pages[kind];
  return { type: "json", body: JSON.stringify({ error: { code, message: getFixedT(language)(api) } }) };
}

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
