import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import type { FakeEmail } from "../fakes/resend";
import { share, startWorkerServers } from "./worker-servers";

export { share };
/** This worker's Resend fake: what its server sent. */
export const resendFakeUrl = share.resendFakeUrl;

/** A client address in 10.0.0.0/8 drawn per test; a spec that needs several draws them too. */
export const clientAddress = () =>
  `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

const offMachine = (url: string) => URL.canParse(url) && !["127.0.0.1", "localhost"].includes(new URL(url).hostname);

/**
 * The page a test opens fails the test on an uncaught exception or a console error, as the house
 * style asks. A test that asks for no page (an HTTP request, an authorization row) gets none: a
 * browser context and its renderer cost more than such a test's own work.
 */
export const test = base.extend<{ ownClientAddress: boolean }, { workerServers: void }>({
  // The worker's own server, job worker, database clone and fakes (tests/e2e/worker-servers.ts), for all its files.
  workerServers: [
    async ({}, use) => {
      const servers = await startWorkerServers();
      await use();
      await servers.stop();
    },
    // Cloning, then the server's start-up, on a busy machine.
    { scope: "worker", auto: true, timeout: 180_000 },
  ],
  baseURL: async ({}, use) => {
    await use(share.baseURL);
  },
  // Each test is a client of its own (the server trusts one proxy hop in tests): per-client limits,
  // such as a client's 3 visitor bookings an hour, count that test's requests only. Every context
  // and request context made in the test gets it, unless it names its own headers.
  // A page of another origin calling the API (api-cors.spec.ts) turns it off: a real browser sends no
  // such header, and with it each of the page's requests would need a CORS preflight allowing it.
  ownClientAddress: [true, { option: true }],
  extraHTTPHeaders: async ({ extraHTTPHeaders, ownClientAddress }, use) => {
    await use(ownClientAddress ? { "X-Forwarded-For": clientAddress(), ...extraHTTPHeaders } : extraHTTPHeaders);
  },
  page: async ({ page }, use) => {
    const errors: Array<{ text: string; url: string }> = [];
    const documents = new Set<string>();
    page.on("response", (response) => {
      // Documents, and Remix's data requests (`?_data=…`) when a form is answered 4xx with JavaScript on.
      const remixData = new URL(response.url()).searchParams.has("_data") && response.status() < 500;
      if (response.request().resourceType() === "document" || remixData) documents.add(response.url());
    });
    page.on("pageerror", (error) => errors.push({ text: `pageerror: ${error.message}`, url: "" }));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push({ text: `console: ${message.text()}`, url: message.location().url });
    });
    await use(page);
    // A 4xx page or form answer (a 404, a form answered 400/401/429) makes Chromium log its
    // status; that is the behaviour under test, not an error of the page. So does anything off
    // this machine (map tiles), which the browser is kept from resolving (playwright.config.ts).
    const real = errors.filter(
      (e) => !(e.text.startsWith("console: Failed to load resource") && (documents.has(e.url) || offMachine(e.url))),
    );
    expect(
      real.map((e) => e.text),
      "console errors on the page",
    ).toEqual([]);
  },
});
export { expect };

/**
 * Resolves once React has taken over the page. A control used before that only does what the
 * server's HTML does (a filter checkbox toggles without searching), and app/entry.client.tsx
 * hydrates only once the translations have loaded, on a busy machine after the load event that
 * `page.goto` waits for. Hydration itself takes a while on a large form, in a transition that
 * yields: RemixBrowser sets `window.__remixRouter` as it first renders, so that alone resolved
 * mid-hydration (a click then was lost on CI: neither the form's error nor its save). What marks
 * the end is React's own: its root keeps `isDehydrated` until hydration commits.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
    const root = key ? (document as unknown as Record<string, { stateNode?: HydrationRoot }>)[key] : undefined;
    return root?.stateNode?.current.memoizedState.isDehydrated === false;
  });
}
/** The little of React's root fiber that `hydrated` reads. */
type HydrationRoot = { current: { memoizedState: { isDehydrated?: boolean } } };

/** Both modes every form must work in. */
export const jsModes = [
  { name: "with JavaScript", javaScriptEnabled: true },
  { name: "without JavaScript", javaScriptEnabled: false },
] as const;

/**
 * The JavaScript-on half of jsModes, for tests whose bodies never look at the mode: the forms they
 * post are rows of forms-without-javascript.spec.ts, which submits each once without JavaScript
 * (docs/operations.md#tests).
 */
export const javaScriptOnly = [jsModes[0]] as const;

/** A wall-clock value in Caracas (UTC-4 all year, the demo places' zone), `days` from now at `time`. */
export function caracas(days: number, time: string): string {
  const date = new Date(Date.now() - 4 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${date}T${time}`;
}

/** The demo data's busiest place: every supplier serves it. */
export const MAIQUETIA = "Maiquetía Airport (CCS)";

/** The home page's search at Maiquetía, in English, from `startDay` days ahead at 10:00 to three days later at 12:00 (four rental days). */
export async function searchMaiquetia(page: Page, startDay: number) {
  await page.goto("/?l=en");
  await page.getByLabel("Pick-up location").selectOption({ label: MAIQUETIA });
  await page.getByLabel("Pick-up date and time").fill(caracas(startDay, "10:00"));
  await page.getByLabel("Drop-off date and time").fill(caracas(startDay + 3, "12:00"));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?/);
  // With JavaScript the address changes before React draws the results: wait for them.
  await expect(page.getByRole("heading", { level: 2, name: /cars? available/ })).toBeVisible();
}

/** Cents from a shown amount ("$1,234.50" → 123450). */
export const money = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);

/** A fresh address per test, so tests never see each other's data or emails. */
export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Waits until the Resend fake holds `count` emails to `to` that `match` accepts (the
 * outbox delivers asynchronously), and returns them.
 */
export async function waitForEmails(
  request: APIRequestContext,
  to: string,
  {
    match = () => true,
    count = 1,
    timeoutMs = 20_000,
  }: { match?: (email: FakeEmail) => boolean; count?: number; timeoutMs?: number } = {},
): Promise<FakeEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get(`${resendFakeUrl}/emails?to=${encodeURIComponent(to)}`);
    const data = ((await response.json()) as { data: FakeEmail[] }).data.filter(match);
    if (data.length >= count) return data;
    if (Date.now() > deadline) throw new Error(`expected ${count} email(s) to ${to}, got ${data.length}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link in an email's text that points at `path` on the app. */
export function linkFrom(email: FakeEmail, path: string): string {
  const match = email.text.match(new RegExp(`https?://[^\\s)\\]]*${path}[^\\s)\\]]*`));
  if (!match) throw new Error(`no ${path} link in email "${email.subject}"`);
  return match[0];
}

/** A visitor's details on the checkout form, each through its visible label (terms not ticked). */
export async function fillVisitor(page: Page, values: { email: string; birthDate?: string }) {
  await page.getByLabel("Full name", { exact: true }).fill("Valentina Rojas");
  await page.getByLabel("Email", { exact: true }).fill(values.email);
  await page.getByLabel("Phone", { exact: true }).fill("+58 414 555 0101");
  await page.getByLabel("Birth date", { exact: true }).fill(values.birthDate ?? "1992-06-15");
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in?l=en");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}
