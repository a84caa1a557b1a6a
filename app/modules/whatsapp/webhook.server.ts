import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { optOutNumber } from "./consent.server";
import { failMessage } from "./deliver.server";

const { whatsappMessages } = schema;

/**
 * The webhook's GET handshake (docs/operations.md#whatsapp): Meta asks with `hub.verify_token`,
 * and gets `hub.challenge` back only when the token is ours.
 */
export function whatsappHandshake(params: URLSearchParams): string | null {
  const token = getEnv().WHATSAPP_VERIFY_TOKEN;
  if (!token || params.get("hub.mode") !== "subscribe") return null;
  const given = Buffer.from(params.get("hub.verify_token") ?? "");
  const ours = Buffer.from(token);
  if (given.length !== ours.length || !crypto.timingSafeEqual(given, ours)) return null;
  return params.get("hub.challenge");
}

/** X-Hub-Signature-256 is `sha256=` and the HMAC of the exact bytes sent, keyed with the app secret. */
function signedByMeta(rawBody: string, header: string | null): boolean {
  const secret = getEnv().WHATSAPP_APP_SECRET;
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header ?? "")?.[1];
  if (!secret || !hex) return false;
  const expected = crypto.createHmac("sha256", secret).update(rawBody, "utf8").digest();
  return crypto.timingSafeEqual(expected, Buffer.from(hex, "hex"));
}

const statusRank = { queued: 0, accepted: 1, sent: 2, delivered: 3, read: 4 } as const;
const timeColumn = { sent: "sentAt", delivered: "deliveredAt", read: "readAt" } as const;
type Progress = keyof typeof timeColumn;
// Seconds since 1970, up to the year 5138: a larger one is no date PostgreSQL would store.
const unixTime = z.coerce.number().int().positive().max(99_999_999_999);

const notification = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  statuses: z
                    .array(
                      z.object({
                        id: z.string().max(128),
                        status: z.string(),
                        timestamp: unixTime,
                        errors: z.array(z.object({ code: z.number().int() })).optional(),
                      }),
                    )
                    .optional(),
                  messages: z
                    .array(
                      z.object({
                        from: z.string().regex(/^\d{8,15}$/),
                        timestamp: unixTime,
                        type: z.string(),
                        text: z.object({ body: z.string().max(4096) }).optional(),
                      }),
                    )
                    .optional(),
                })
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/** "STOP" as drivers answer it, whatever its case and spaces, in the languages they read. */
const stopWords = new Set(["STOP", "BAJA", "PARAR", "ARRÊT", "ARRET", "ΣΤΟΠ", "ΔΙΑΚΟΠΗ"]);
const isStop = (text: string) => stopWords.has(text.trim().replace(/\s+/g, " ").toUpperCase());

/** A status moves a message only forward (sent → delivered → read); the same status again changes nothing. */
async function recordStatus(wamid: string, status: Progress, at: Date) {
  const db = await getDb();
  const earlier = (Object.keys(statusRank) as Array<keyof typeof statusRank>).filter(
    (s) => statusRank[s] < statusRank[status],
  );
  await db
    .update(whatsappMessages)
    .set({ status, [timeColumn[status]]: at })
    .where(and(eq(whatsappMessages.wamid, wamid), inArray(whatsappMessages.status, earlier)));
}

/**
 * POST /webhooks/whatsapp (docs/domain.md#whatsapp): refused unless signed by Meta, with nothing
 * recorded. Statuses move the messages they name forward; a failure fails the message and writes its
 * email; an inbound "STOP" opts its sender out. Meta redelivers until answered 200, so each step is
 * idempotent; a body of another shape is acknowledged and ignored.
 */
export async function receiveWhatsappWebhook(
  rawBody: string,
  signature: string | null,
): Promise<"badSignature" | "ok"> {
  if (!signedByMeta(rawBody, signature)) return "badSignature";
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return "ok";
  }
  const parsed = notification.safeParse(json);
  if (!parsed.success) return "ok";
  const values = parsed.data.entry.flatMap((entry) => entry.changes.map((change) => change.value ?? {}));
  const db = await getDb();
  for (const { statuses = [], messages = [] } of values) {
    for (const { id, status, timestamp, errors } of statuses) {
      const at = new Date(timestamp * 1000);
      if (status === "failed") {
        const [message] = await db
          .select({ id: whatsappMessages.id })
          .from(whatsappMessages)
          .where(eq(whatsappMessages.wamid, id));
        if (message) await db.transaction((tx) => failMessage(tx, message.id, errors?.[0]?.code ?? null, at));
      } else if (Object.hasOwn(timeColumn, status)) {
        await recordStatus(id, status as Progress, at);
      }
    }
    for (const { from, timestamp, type, text } of messages) {
      if (type === "text" && text && isStop(text.body)) await optOutNumber(db, `+${from}`, new Date(timestamp * 1000));
    }
  }
  return "ok";
}
