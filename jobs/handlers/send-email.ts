import fs from "node:fs/promises";
import path from "node:path";
import { UnrecoverableError } from "bullmq";
import { Resend } from "resend";
import { getEnv } from "../../config/env";
import type { JobPayload } from "../queues";
import type { JobContext } from "./types";

const permanentErrors = new Set([
  "validation_error",
  "invalid_from_address",
  "missing_required_field",
  "invalid_parameter",
  "invalid_api_key",
]);

/** Where emails go: Resend with a key, otherwise JSON files under `<dataDir>/mail`. */
export type MailSettings = { from: string; resendApiKey?: string; resendBaseUrl?: string; dataDir: string };

function mailSettings(): MailSettings {
  const env = getEnv();
  return {
    from: env.MAIL_FROM,
    resendApiKey: env.RESEND_API_KEY,
    resendBaseUrl: env.RESEND_BASE_URL,
    dataDir: env.DATA_DIR,
  };
}

/**
 * Sends an email rendered when it was enqueued, through Resend with the job id as
 * idempotency key, so a retried job never delivers the same email twice.
 */
export async function deliverEmail(email: JobPayload<"send-email">, jobId: string, settings: MailSettings) {
  const { from, resendApiKey } = settings;
  const { to, subject, html, text, attachments } = email;
  if (!resendApiKey) {
    const dir = path.join(settings.dataDir, "mail");
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${jobId.replace(/[^\w.-]/g, "_")}.json`);
    await fs.writeFile(
      file,
      JSON.stringify({ from, to, subject, html, text, attachments, createdAt: new Date().toISOString() }, null, 2),
    );
    return;
  }
  // A client only holds the key and base URL (tests point it at the local fake); fetch does the rest.
  const client = new Resend(resendApiKey, { baseUrl: settings.resendBaseUrl });
  const { error } = await client.emails.send({ from, to, subject, html, text, attachments }, { idempotencyKey: jobId });
  if (error) {
    const message = `Resend ${error.name}: ${error.message}`;
    throw permanentErrors.has(error.name) ? new UnrecoverableError(message) : new Error(message);
  }
}

export async function sendEmail(payload: JobPayload<"send-email">, { jobId }: JobContext) {
  await deliverEmail(payload, jobId, mailSettings());
}
