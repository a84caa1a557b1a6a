import { RemixI18Next } from "remix-i18next/server";
import { languageCookie } from "~/utils/cookies.server";
import {
  defaultLanguage,
  isLanguage,
  languageForCountry,
  languageOrDefault,
  languages,
  type Language,
} from "./languages";

/*
 * The page language (docs/domain.md#language), found by remix-i18next's detector: `?l=` first
 * (its search-parameter step, given only a supported code so an unknown one falls through as
 * before), then its locale-finding hook with the signed-in user's language, the `lng` cookie and
 * the country's language in that order, then Spanish. The server's `t` stays the shared i18next
 * instance of i18n.server.ts: remix-i18next builds a new instance per `t` (docs/decisions/0004).
 */

type Facts = { userLanguage?: string | null; country?: string | null };

/** What the hook needs beyond the request: the user and the country are known only to the caller. */
const factsOf = new WeakMap<Request, Facts>();

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage: defaultLanguage,
    searchParamKey: "l",
    order: ["searchParams", "custom"],
    async findLocale(request) {
      const facts = factsOf.get(request);
      const cookie: unknown = await languageCookie.parse(request.headers.get("Cookie"));
      const found = [facts?.userLanguage, cookie, languageForCountry(facts?.country)].filter(isLanguage);
      return found.length > 0 ? found : null;
    },
  },
});

export async function detectLanguage(input: {
  url: URL;
  cookieHeader: string | null;
  userLanguage?: string | null;
  country?: string | null;
}): Promise<Language> {
  const url = new URL(input.url.origin + input.url.pathname);
  const query = input.url.searchParams.get("l");
  if (isLanguage(query)) url.searchParams.set("l", query);
  const request = new Request(url, { headers: input.cookieHeader ? { Cookie: input.cookieHeader } : {} });
  factsOf.set(request, { userLanguage: input.userLanguage, country: input.country });
  return languageOrDefault(await detector.getLocale(request));
}
