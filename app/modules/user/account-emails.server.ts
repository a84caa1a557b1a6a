/** The emails of the account use cases: the one-time links (activation, reset, invitation) and "password changed". */
import { type Language, languageOrDefault } from "~/modules/i18n/languages";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { schema, type Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { issueToken } from "./tokens.server";

const { users } = schema;

/** What an email to a user needs. */
export const recipientFields = { id: users.id, email: users.email, fullName: users.fullName, language: users.language };
type Recipient = { id: number; email: string; fullName: string; language: string };

const languageOf = (user: Recipient): Language => languageOrDefault(user.language);

function link(path: string, token: string) {
  return new URL(`${path}?token=${encodeURIComponent(token)}`, getEnv().APP_URL).toString();
}

/** The emails that carry a one-time link: template, page, job-id prefix and the kind of token. */
const linkEmails = {
  activation: { template: "activation", path: "/activate", jobPrefix: "activation-email", token: "activation" },
  reset: { template: "password-reset", path: "/reset-password", jobPrefix: "password-reset", token: "reset" },
  // An account made by an admin: the activation link, in an email that says who invited them to what.
  invitation: { template: "staff-invitation", path: "/activate", jobPrefix: "staff-invitation", token: "activation" },
} as const;

/** Who invited a staff member, to which supplier (none for an administrator) and as what (docs/domain.md#user-management). */
export type Invitation = { inviter: string; supplier: string | null; role: "admin" | "supplier" };

/** A new link of this kind, emailed in the user's language in the same transaction. */
export async function sendLinkEmail(
  tx: Executor,
  user: Recipient,
  kind: keyof typeof linkEmails,
  now: Date,
  extra: Record<string, string | null> = {},
) {
  const { template, path, jobPrefix, token: tokenKind } = linkEmails[kind];
  const { id, token } = await issueToken(tx, user.id, tokenKind, now);
  await enqueueEmail(
    tx,
    {
      template,
      to: [user.email],
      language: languageOf(user),
      data: { ...extra, fullName: user.fullName, link: link(path, token) },
    },
    `${jobPrefix}-${id}`,
  );
}

/** The invitation to an account made without its owner (a staff member an admin invites), with its activation link, in the caller's transaction. */
export function emailInvitation(tx: Executor, user: Recipient, invitation: Invitation, now = new Date()) {
  return sendLinkEmail(tx, user, "invitation", now, invitation);
}

export async function sendPasswordChangedEmail(tx: Executor, user: Recipient, changedAt: Date) {
  await enqueueEmail(
    tx,
    { template: "password-changed", to: [user.email], language: languageOf(user), data: { fullName: user.fullName } },
    `password-changed-${user.id}-${changedAt.getTime()}`,
  );
}
