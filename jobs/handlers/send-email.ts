import fs from "node:fs/promises";
import path from "node:path";
import { UnrecoverableError } from "bullmq";
import { Resend } from "resend";
import { renderEmail } from "../../app/emails/render";
import type { JobPayload } from "../queues";
import type { JobContext } from "./index";

const permanentErrors = new Set(["validation_error", "invalid_from_address", "missing_required_field", "invalid_parameter", "invalid_api_key"]);

let client: Resend | undefined;
function resend(apiKey: string) {
  // The SDK reads RESEND_BASE_URL itself; tests point it at the local fake.
  client ??= new Resend(apiKey);
  return client;
}

/**
 * Renders the template in the recipient's language and sends it through Resend with the
 * job id as idempotency key, so a retried job never delivers the same email twice.
 * Without RESEND_API_KEY the email is written to .data/mail/<job id>.json instead.
 */
export async function sendEmail(payload: JobPayload<"send-email">, { jobId }: JobContext) {
  const email = await renderEmail(payload.template, payload.language, payload.data);
  const from = process.env.MAIL_FROM ?? "Rueda <no-reply@rueda.example>";
  const apiKey = process.env.RESEND_API_KEY;
  if (!apiKey) {
    const dir = path.join(process.env.DATA_DIR ?? ".data", "mail");
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${jobId.replace(/[^\w.-]/g, "_")}.json`);
    await fs.writeFile(file, JSON.stringify({ from, to: payload.to, ...email, createdAt: new Date().toISOString() }, null, 2));
    return;
  }
  const { error } = await resend(apiKey).emails.send(
    { from, to: payload.to, subject: email.subject, html: email.html, text: email.text },
    { idempotencyKey: jobId },
  );
  if (error) {
    const message = `Resend ${error.name}: ${error.message}`;
    throw permanentErrors.has(error.name) ? new UnrecoverableError(message) : new Error(message);
  }
}
