import { enqueueEmail, renderEmailJob, type EmailRequest } from "~/modules/email/outbox-email.server";
import type { Language } from "~/modules/i18n/languages";
import { schema, type Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { enqueue } from "~/utils/jobs.server";
import { consentedNumber } from "./consent.server";
import { templateParameters, type WhatsappTemplate } from "./templates";

type Named<T extends WhatsappTemplate> = Parameters<typeof templateParameters<T>>[1];

/** One event told to a driver: the WhatsApp template and the email of the same event. */
export type DriverMessage<T extends WhatsappTemplate> = {
  userId: number;
  bookingId: number | null;
  language: Language;
  template: T;
  values: Named<T>;
  /** Stable for the event (e.g. `whatsapp-booking-confirmed-<booking>`): the message's key and its job's id. */
  key: string;
  email: { request: EmailRequest; jobId: string };
  /**
   * The email carries a document (the voucher's QR code, the .ics): it goes whatever WhatsApp does.
   * Without one, WhatsApp replaces it and it is written only if WhatsApp refuses (docs/domain.md#whatsapp).
   */
  document: boolean;
};

/**
 * Tells the driver of an event, in the caller's transaction (docs/domain.md#whatsapp): on WhatsApp
 * when it is configured and the driver consents, by email otherwise. The message row and its job
 * share `key`, so asking twice writes one message.
 */
export async function tellDriver<T extends WhatsappTemplate>(tx: Executor, message: DriverMessage<T>) {
  const number = getEnv().whatsapp ? await consentedNumber(tx, message.userId) : null;
  if (!number || message.document) await enqueueEmail(tx, message.email.request, message.email.jobId);
  if (!number) return;
  const fallbackEmail = message.document
    ? null
    : { jobId: message.email.jobId, payload: await renderEmailJob(message.email.request) };
  await tx
    .insert(schema.whatsappMessages)
    .values({
      key: message.key,
      userId: message.userId,
      bookingId: message.bookingId,
      toNumber: number,
      template: message.template,
      language: message.language,
      parameters: templateParameters(message.template, message.values),
      fallbackEmail,
    })
    .onConflictDoNothing({ target: schema.whatsappMessages.key });
  await enqueue(tx, "send-whatsapp", { key: message.key }, message.key);
}
