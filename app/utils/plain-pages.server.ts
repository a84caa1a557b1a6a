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

/** Answered by Express before Remix runs, so it is a small self-contained page. */
export function bodyTooLargePage(cookieHeader: string | null, url: URL): string {
  const language = resolveLanguage({ query: url.searchParams.get("l"), cookie: cookieValue(cookieHeader, "lng") });
  const t = getFixedT(language);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t("error.tooLargeTitle")}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${t("error.tooLargeTitle")}</h1><p>${t("error.tooLarge")}</p><p><a href="/">${t("notFound.home")}</a></p></body></html>`;
}
