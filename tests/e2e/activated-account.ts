import type { APIRequestContext } from "@playwright/test";
import { expect, linkFrom, waitForEmails } from "./support";

/*
 * docs/security.md#unproven-addresses: sign-up gives no session; the account signs in only once
 * its activation link is used, and that is when its password is chosen.
 */
export const isActivationEmail = (e: { subject: string }) => e.subject === "Activate your Rueda account";

/** The token of the newest activation email sent to `email`. */
export async function activationToken(request: APIRequestContext, email: string, count = 1): Promise<string> {
  const emails = await waitForEmails(request, email, { match: isActivationEmail, count });
  return new URL(linkFrom(emails.at(-1)!, "/activate")).searchParams.get("token")!;
}

/**
 * An account made through the real sign-up form and activated through its emailed link, as raw
 * HTTP in `request`: when that is a page's `request`, the page's browser is signed in as it.
 */
export async function activatedAccount(
  request: APIRequestContext,
  email: string,
  password: string,
  options: { fullName?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const signUp = await request.post("/sign-up?l=en", {
    form: {
      fullName: options.fullName ?? "Test Driver",
      email,
      phone: "+58 414 555 0000",
      birthDate: "1990-04-12",
      password,
      confirmPassword: password,
      tos: "on",
    },
    headers: options.headers,
  });
  expect(signUp.status()).toBe(200);
  const token = await activationToken(request, email);
  const activated = await request.post("/activate?l=en", {
    form: { intent: "activate", token, password, confirmPassword: password },
    maxRedirects: 0,
  });
  expect(activated.headers().location).toBe("/activate?activated=1");
  return email;
}
