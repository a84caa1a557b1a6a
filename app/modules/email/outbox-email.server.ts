import { renderEmail } from "~/emails/render";
import type { Language } from "~/modules/i18n/languages";
import type { Executor } from "~/utils/db.server";
import { enqueue, type JobPayload } from "~/utils/jobs.server";

export type EmailRequest = {
  template: JobPayload<"send-email">["template"];
  to: string[];
  language: Language;
  data: Record<string, string | number | null>;
};

/**
 * Renders the email in the recipient's language now and records the result as a
 * send-email job in the outbox (in the caller's transaction, under a deterministic
 * `jobId`). Rendering here rather than in the job means every retry, and an admin's
 * re-send days later, delivers exactly the email of the moment it was written
 * (docs/architecture.md#outbox).
 */
export async function enqueueEmail(executor: Executor, { template, to, language, data }: EmailRequest, jobId: string) {
  const { subject, html, text } = await renderEmail(template, language, data);
  await enqueue(executor, "send-email", { template, to, language, subject, html, text }, jobId);
}
