/**
 * `npm run admin:create -- --email you@example.com [--name "Your Name"] [--language en]`:
 * the first (or another) administrator of a real deployment (docs/operations.md#first-admin).
 * Creates the account, or promotes an existing one, and prints the one-hour link to choose
 * a password; the same link is emailed through the outbox.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { isLanguage } from "../app/modules/i18n/languages";
import { createAdmin } from "../app/modules/user/admin-account.server";
import { closeDb, withSetupLock } from "../db/client";

const usage = 'Usage: npm run admin:create -- --email you@example.com [--name "Your Name"] [--language es|en|fr|el]';
const { values } = parseArgs({
  options: { email: { type: "string" }, name: { type: "string" }, language: { type: "string" } },
});
const email = z.email().safeParse(values.email?.trim());
if (!email.success || (values.language !== undefined && !isLanguage(values.language))) {
  console.error(usage);
  process.exit(2);
}

await withSetupLock(({ migrate }) => migrate());
const invitation = await createAdmin({
  email: email.data,
  fullName: values.name,
  language: isLanguage(values.language) ? values.language : undefined,
});
await closeDb();
console.log(`${invitation.status === "created" ? "Created" : "Promoted"} administrator ${email.data.toLowerCase()}.`);
console.log(`Choose the password within one hour at:\n  ${invitation.link}`);
console.log("The link was also emailed. After the hour, use “Forgot your password?” on the sign-in page.");
