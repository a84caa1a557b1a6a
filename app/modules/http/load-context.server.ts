import type { TFunction } from "i18next";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { detectLanguage } from "~/modules/i18n/detect.server";
import { isLanguage, type Language } from "~/modules/i18n/languages";
import { languageCookie } from "~/utils/cookies.server";
import { bearerToken, findTokenUser, presentsBearer } from "~/utils/api-tokens.server";
import { saveLanguageChoice } from "~/modules/user/profile.server";
import { findSessionUser, readSessionId, type Credential, type SessionUser } from "~/utils/session.server";

export type RequestContext = {
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The client's address (behind a trusted proxy when TRUST_PROXY=1), for rate limits. */
  ip: string;
  user: SessionUser | null;
  /** The browser session's id when the user signed in with the cookie (null with a bearer token). */
  sessionId: string | null;
  /** What resolved `user`: the session cookie or an API token (docs/security.md#api-tokens). */
  credential: Credential | null;
  language: Language;
  t: TFunction;
  /** A language link (`?l=`) could not be saved on the signed-in account: the page says so (root loader). */
  languageNotSaved?: boolean;
  /**
   * This request renders a page's document (no `_data`: not a client navigation's data request),
   * so data its markup is drawn from once may stay out of what the browser hydrates from
   * (server-drawn.ts).
   */
  document?: boolean;
};

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

/**
 * Who signs this request: an `Authorization: Bearer` token when one is presented (then the
 * cookie is not looked at, and a token that does not resolve means nobody), else the session
 * cookie. Either way the same SessionUser, so every access helper serves pages and API alike.
 */
export async function resolveUser(
  cookieHeader: string | null,
  authorization: string | null,
): Promise<{ user: SessionUser | null; credential: Credential | null }> {
  if (presentsBearer(authorization)) {
    const token = bearerToken(authorization);
    const found = token ? await findTokenUser(token) : null;
    return found
      ? { user: found.user, credential: { kind: "token", id: found.tokenId } }
      : { user: null, credential: null };
  }
  const sessionId = await readSessionId(cookieHeader);
  const user = sessionId ? await findSessionUser(sessionId) : null;
  return user && sessionId
    ? { user, credential: { kind: "session", id: sessionId } }
    : { user: null, credential: null };
}

/**
 * Built once per HTTP request by the Express server: one session (or API token) query at
 * most, shared by every loader and action of that request.
 */
export async function buildLoadContext(input: {
  url: URL;
  cookieHeader: string | null;
  /** The `Authorization` header, for API clients' bearer tokens. */
  authorization?: string | null;
  nonce: string;
  ip?: string;
  country?: string | null;
}): Promise<{ context: RequestContext; setCookies: string[] }> {
  const { user, credential } = await resolveUser(input.cookieHeader, input.authorization ?? null);
  const query = input.url.searchParams.get("l");
  const cookie = await languageCookie.parse(input.cookieHeader);
  const language = await detectLanguage({
    url: input.url,
    cookie,
    userLanguage: user?.language,
    country: input.country,
  });
  const setCookies: string[] = [];
  let languageNotSaved = false;
  if (isLanguage(query)) {
    if (cookie !== query) setCookies.push(await languageCookie.serialize(query));
    if (user && user.language !== query) {
      if (await saveLanguageChoice(user.id, query)) user.language = query;
      else languageNotSaved = true;
    }
  }
  return {
    context: {
      nonce: input.nonce,
      ip: input.ip ?? "unknown",
      user,
      sessionId: credential?.kind === "session" ? credential.id : null,
      credential,
      language,
      t: getFixedT(language),
      languageNotSaved,
      document: !input.url.searchParams.has("_data"),
    },
    setCookies,
  };
}
