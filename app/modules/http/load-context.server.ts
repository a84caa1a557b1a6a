import { eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { isLanguage, resolveLanguage, type Language } from "~/modules/i18n/languages";
import { languageCookie } from "~/utils/cookies.server";
import { getDb, schema } from "~/utils/db.server";
import { findSessionUser, readSessionId, type SessionUser } from "~/utils/session.server";

export type RequestContext = {
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The client's address (behind a trusted proxy when TRUST_PROXY=1), for rate limits. */
  ip: string;
  user: SessionUser | null;
  sessionId: string | null;
  language: Language;
  t: TFunction;
};

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

/**
 * Built once per HTTP request by the Express server: one session query at most,
 * shared by every loader and action of that request.
 */
export async function buildLoadContext(input: {
  url: URL;
  cookieHeader: string | null;
  nonce: string;
  ip?: string;
  country?: string | null;
}): Promise<{ context: RequestContext; setCookies: string[] }> {
  const sessionId = await readSessionId(input.cookieHeader);
  const user = sessionId ? await findSessionUser(sessionId) : null;
  const query = input.url.searchParams.get("l");
  const cookie = await languageCookie.parse(input.cookieHeader);
  const language = resolveLanguage({ query, userLanguage: user?.language, cookie, country: input.country });
  const setCookies: string[] = [];
  if (isLanguage(query)) {
    if (cookie !== query) setCookies.push(await languageCookie.serialize(query));
    if (user && user.language !== query) {
      const db = await getDb();
      await db.update(schema.users).set({ language: query }).where(eq(schema.users.id, user.id));
      user.language = query;
    }
  }
  return {
    context: { nonce: input.nonce, ip: input.ip ?? "unknown", user, sessionId: user ? sessionId : null, language, t: getFixedT(language) },
    setCookies,
  };
}
