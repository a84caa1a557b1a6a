import type { BrowserContext, Cookie, Page } from "@playwright/test";
import { expect } from "./support";

/*
 * Sign-in by cookie (docs/operations.md#tests): wherever the sign-in form is not what a test is
 * about, its browser gets a session without the form. One HTTP sign-in (POST /sign-in, as the form
 * sends it: an argon2 check and a session row) per account per Playwright worker; the session
 * cookie is kept here, in the worker's module, and every later test of the worker adds it to its
 * context. Specs that test the form itself (accounts, unproven addresses, the phone layout,
 * password changes) still sign in through it with `signIn` from ./support.
 */

const SESSION = "__session";
/** The session cookie of each account, by email, with the password it was made with. */
const sessions = new Map<string, { password: string; cookie: Cookie }>();

const contextOf = (pageOrContext: Page | BrowserContext): BrowserContext =>
  "context" in pageOrContext ? pageOrContext.context() : pageOrContext;

/** Whether the context's cookies sign it in: the sign-in page sends a signed-in browser on (and sets `lng=en`, as the form's page does). */
async function signedIn(context: BrowserContext): Promise<boolean> {
  const response = await context.request.get("/sign-in?l=en", { maxRedirects: 0 });
  const location = response.headers().location ?? "";
  return response.status() === 302 && !location.startsWith("/sign-in");
}

/**
 * Signs the browser context of `pageOrContext` in as `email`: the worker's cached session cookie
 * when it still holds (a test that signs out, suspends the account or changes its password ends
 * that session, and the next test signs in again), otherwise one POST /sign-in?l=en without any
 * other session cookie (a sign-in ends the browser's previous session, which may be another
 * account's cached one). Fails the test when the session does not sign the browser in. The page
 * is left where it was: the test opens the page it needs next.
 */
export async function signedInAs(
  pageOrContext: Page | BrowserContext,
  email: string,
  password: string,
  options: { fresh?: boolean } = {},
): Promise<void> {
  const context = contextOf(pageOrContext);
  const cached = options.fresh ? undefined : sessions.get(email);
  if (cached && cached.password === password) {
    await context.addCookies([cached.cookie]);
    if (await signedIn(context)) return;
    sessions.delete(email);
  }
  await context.clearCookies({ name: SESSION });
  const response = await context.request.post("/sign-in?l=en", { form: { email, password }, maxRedirects: 0 });
  expect(response.status(), `signing in as ${email}: ${await response.text()}`).toBe(302);
  const cookie = (await context.cookies()).find((c) => c.name === SESSION);
  expect(cookie, `signing in as ${email}: no session cookie`).toBeTruthy();
  expect(await signedIn(context), `signing in as ${email}: the session cookie does not sign in`).toBe(true);
  // A test that will end the session itself (signing out, deleting sessions) asks for a fresh one, kept out of the cache.
  if (!options.fresh) sessions.set(email, { password, cookie: cookie! });
}
