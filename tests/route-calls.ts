import type { AppLoadContext } from "@remix-run/node";
import { getFixedT } from "~/modules/i18n/i18n.server";
import type { SessionUser } from "~/utils/session.server";

/*
 * A page's loader or action called as a function, without HTTP: the load context it is handed and
 * the form a browser without JavaScript posts. (Over HTTP, through the server's handler: pages.ts.)
 */

/** The load context of a request from `ip` by `user` (a visitor when null), in English. */
export const routeContext = (ip: string, user: Partial<SessionUser> | null = null) =>
  ({ user, sessionId: null, language: "en", ip, nonce: "", t: getFixedT("en") }) as unknown as AppLoadContext;

/** A form posted to `path`, as a browser without JavaScript sends it. */
export const formPost = (path: string, fields: Record<string, string> | URLSearchParams) =>
  new Request(`http://rueda.test${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
