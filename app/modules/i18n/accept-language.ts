import { isLanguage, type Language } from "~/modules/i18n/languages";

/**
 * The first supported language of an `Accept-Language` header, by quality then order
 * (`fr-CA` counts as `fr`; `*` and q=0 entries never choose), or null.
 */
export function languageFromAcceptHeader(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((entry, order) => {
      const [tag, ...params] = entry.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { language: tag.trim().slice(0, 2).toLowerCase(), quality: q ? Number(q[1]) : 1, order };
    })
    .filter((entry) => entry.quality > 0 && isLanguage(entry.language))
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return (ranked[0]?.language as Language | undefined) ?? null;
}

/**
 * An API caller's language (docs/architecture.md#api): `?l=` if supported, else the
 * `Accept-Language` header, else what pages would use (the account's, the cookie's, Spanish).
 */
export function apiLanguage(url: URL, acceptLanguage: string | null, pageLanguage: Language): Language {
  const query = url.searchParams.get("l");
  if (isLanguage(query)) return query;
  return languageFromAcceptHeader(acceptLanguage) ?? pageLanguage;
}
