export const languages = ["es", "en", "fr", "el"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "es";

export const languageNames: Record<Language, string> = {
  es: "Español",
  en: "English",
  fr: "Français",
  el: "Ελληνικά",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** A stored or received language as one the app speaks: itself when supported, else the default (Spanish). `users.language` is a plain varchar, so every reader of it goes through here. */
export const languageOrDefault = (value: unknown): Language => (isLanguage(value) ? value : defaultLanguage);

/**
 * docs/domain.md#language: the URL parameter `l` if supported, else the signed-in user's language,
 * else the remembered cookie, else (optionally) the visitor's country, else Spanish.
 */
export function resolveLanguage(input: {
  query?: string | null;
  userLanguage?: string | null;
  cookie?: string | null;
  country?: string | null;
}): Language {
  const candidates = [input.query, input.userLanguage, input.cookie, languageForCountry(input.country)];
  return candidates.find(isLanguage) ?? defaultLanguage;
}

/** The optional geo flag: France or Morocco → French, Greece → Greek, otherwise nothing. */
export function languageForCountry(country?: string | null): Language | null {
  if (!country) return null;
  const code = country.toUpperCase();
  if (code === "FR" || code === "MA") return "fr";
  if (code === "GR") return "el";
  return null;
}
