import { createCookie } from "@remix-run/node";
import { getEnv } from "./env.server";

const env = getEnv();

/** Holds only the random id of a row in the sessions table (docs/security.md#sessions). */
export const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env.secureCookies,
  secrets: [env.SESSION_SECRET],
});

export const languageCookie = createCookie("lng", {
  sameSite: "lax",
  path: "/",
  secure: env.secureCookies,
  maxAge: 60 * 60 * 24 * 365,
});

/** One-shot message shown after a redirect, so toasts work without JavaScript. */
export const toastCookie = createCookie("toast", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env.secureCookies,
  secrets: [env.SESSION_SECRET],
  maxAge: 60,
});

/**
 * Set when an app's payment hand-off link is opened (docs/security.md#payment-hand-off): the
 * booking and where to send the browser back to the app. Signed, so only the server writes it;
 * it grants nothing and signs nobody in.
 */
export const appReturnCookie = createCookie("app_return", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env.secureCookies,
  secrets: [env.SESSION_SECRET],
  maxAge: 24 * 60 * 60,
});
