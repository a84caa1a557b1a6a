import { and, eq, inArray } from "drizzle-orm";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { enqueueAll, type JobPayload } from "~/utils/jobs.server";
import { CloudApiError, sendTemplate, type CloudApiSettings } from "./cloud-api.server";
import { consentedNumber } from "./consent.server";

const { whatsappMessages } = schema;

function cloudApiSettings(): CloudApiSettings | null {
  const env = getEnv();
  if (!env.whatsapp) return null;
  return {
    baseUrl: env.WHATSAPP_API_URL,
    accessToken: env.WHATSAPP_ACCESS_TOKEN!,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
  };
}

/**
 * A message that will not go (docs/domain.md#whatsapp): marked failed, and its email written
 * instead when WhatsApp was to replace it. A message already delivered or read never fails, and one
 * failed stays so: a replayed failure writes nothing more (the email's job id would refuse it anyway).
 */
export async function failMessage(tx: Executor, id: number, errorCode: number | null, at: Date) {
  const [failed] = await tx
    .update(whatsappMessages)
    .set({ status: "failed", errorCode, failedAt: at })
    .where(and(eq(whatsappMessages.id, id), inArray(whatsappMessages.status, ["queued", "accepted", "sent"])))
    .returning({ fallbackEmail: whatsappMessages.fallbackEmail });
  if (failed?.fallbackEmail) {
    const { jobId, payload } = failed.fallbackEmail;
    await enqueueAll(tx, "send-email", [{ jobId, payload: payload as JobPayload<"send-email"> }]);
  }
}

/**
 * The send-whatsapp job (docs/domain.md#whatsapp): sends the message written under `key` once.
 * A message past `queued` was already sent (or given up on), so a retried job does nothing. A
 * refusal no retry can mend (not a WhatsApp number, a template error), a driver who opted out
 * meanwhile, or WhatsApp turned off since, fails the message and writes its email; anything else
 * (5xx, rate limits, a timeout) throws, and the job is retried with backoff.
 */
export async function deliverWhatsapp(key: string) {
  const db = await getDb();
  const [message] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.key, key));
  if (!message || message.status !== "queued") return;
  const settings = cloudApiSettings();
  if (!settings || (await consentedNumber(db, message.userId)) !== message.toNumber) {
    await db.transaction((tx) => failMessage(tx, message.id, null, new Date()));
    return;
  }
  let wamid: string;
  try {
    wamid = await sendTemplate(settings, {
      to: message.toNumber,
      template: message.template,
      language: message.language,
      parameters: message.parameters,
    });
  } catch (error) {
    if (!(error instanceof CloudApiError) || !error.permanent) throw error;
    await db.transaction((tx) => failMessage(tx, message.id, error.code, new Date()));
    return;
  }
  // Accepted by the API: the webhook's statuses name the message by this id from now on.
  await db
    .update(whatsappMessages)
    .set({ status: "accepted", wamid, acceptedAt: new Date() })
    .where(and(eq(whatsappMessages.id, message.id), eq(whatsappMessages.status, "queued")));
}
