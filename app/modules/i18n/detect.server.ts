import { RemixI18Next } from "remix-i18next/server";
import { defaultLanguage, isLanguage, languageOrDefault, languages, resolveLanguage, type Language } from "./languages";

/*
 * The page language (docs/domain.md#language), found by remix-i18next's detector: `?l=` first
 * (its search-parameter step, given only a supported code so an unknown one falls through as
 * before), then its locale-finding hook, which applies the rest of the order written once in
 * `resolveLanguage` (the signed-in user's language, the `lng` cookie, the country, Spanish).
 * The server's `t` stays the shared i18next instance of i18n.server.ts: remix-i18next builds a
 * new instance per `t` (docs/decisions/0004).
 */

type Facts = { userLanguage?: string | null; cookie?: unknown; country?: string | null };

/** What the hook needs: the caller has already read the account, the cookie and the country. */
const factsOf = new WeakMap<Request, Facts>();

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage: defaultLanguage,
    searchParamKey: "l",
    order: ["searchParams", "custom"],
    async findLocale(request) {
      const facts = factsOf.get(request);
      const cookie = typeof facts?.cookie === "string" ? facts.cookie : null;
      return resolveLanguage({ userLanguage: facts?.userLanguage, cookie, country: facts?.country });
    },
  },
});

/** `cookie` is the `lng` cookie as the caller parsed it (languageCookie). */
export async function detectLanguage(input: {
  url: URL;
  cookie?: unknown;
  userLanguage?: string | null;
  country?: string | null;
}): Promise<Language> {
  const url = new URL(input.url.origin + input.url.pathname);
  const query = input.url.searchParams.get("l");
  if (isLanguage(query)) url.searchParams.set("l", query);
  const request = new Request(url);
  factsOf.set(request, input);
  return languageOrDefault(await detector.getLocale(request));
}
