import type { Language } from "~/modules/i18n/languages";
import type { Executor } from "~/utils/db.server";
import { enqueueAll, type JobPayload } from "~/utils/jobs.server";

export type EmailRequest = {
  template: JobPayload<"send-email">["template"];
  to: string[];
  language: Language;
  data: Record<string, string | number | null>;
  /** Files sent with it (base64); one with a `contentId` is an inline image the HTML names as `cid:<contentId>`. */
  attachments?: JobPayload<"send-email">["attachments"];
};

/**
 * Renders the email in the recipient's language now and records the result as a
 * send-email job in the outbox (in the caller's transaction, under a deterministic
 * `jobId`). Rendering here rather than in the job means every retry, and an admin's
 * re-send days later, delivers exactly the email of the moment it was written
 * (docs/architecture.md#outbox).
 */
export async function enqueueEmail(executor: Executor, request: EmailRequest, jobId: string) {
  await enqueueEmails(executor, [{ request, jobId }]);
}

/**
 * The send-email job's payload for `request`, rendered now: what `enqueueEmail` writes, and what a
 * WhatsApp message keeps to write if WhatsApp refuses it (docs/domain.md#whatsapp).
 */
export async function renderEmailJob({
  template,
  to,
  language,
  data,
  attachments,
}: EmailRequest): Promise<JobPayload<"send-email">> {
  // Loaded on the first email, not at start: React Email and html-to-text weigh ~40 MB a process (docs/operations.md#memory).
  const { renderEmail } = await import("./templates/render");
  const { subject, html, text } = await renderEmail(template, language, data);
  return { template, to, language, subject, html, text, attachments };
}

/** Several emails, as `enqueueEmail` each, written in one statement. */
export async function enqueueEmails(executor: Executor, emails: Array<{ request: EmailRequest; jobId: string }>) {
  const entries = await Promise.all(
    emails.map(async ({ request, jobId }) => ({ payload: await renderEmailJob(request), jobId })),
  );
  await enqueueAll(executor, "send-email", entries);
}
