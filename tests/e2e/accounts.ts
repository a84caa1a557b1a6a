import type { Page } from "@playwright/test";
import { activatedAccount } from "./activated-account";
import { expect, uniqueEmail } from "./support";

/* What the account specs share: sign-up, account-lifecycle, account-settings, sign-in and account-forged-input. */

export const FIRST_PASSWORD = "first-pass1";
export const SECOND_PASSWORD = "second-pass2";

/** An account made through the real sign-up form and activated; the page's browser context is signed in as it. */
export function createAccount(page: Page, email = uniqueEmail("acct"), password = FIRST_PASSWORD) {
  return activatedAccount(page.request, email, password);
}

export const signedIn = (page: Page) => expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
