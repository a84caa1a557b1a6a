import { asc, eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";

const { whatsappMessages } = schema;

/**
 * A booking's WhatsApp messages for its staff (docs/domain.md#whatsapp): which template, to which
 * number, and how far it got, oldest first.
 */
export async function bookingWhatsappMessages(bookingId: number) {
  const db = await getDb();
  return db
    .select({
      id: whatsappMessages.id,
      template: whatsappMessages.template,
      toNumber: whatsappMessages.toNumber,
      language: whatsappMessages.language,
      status: whatsappMessages.status,
      errorCode: whatsappMessages.errorCode,
      updatedAt: whatsappMessages.updatedAt,
    })
    .from(whatsappMessages)
    .where(eq(whatsappMessages.bookingId, bookingId))
    .orderBy(asc(whatsappMessages.id));
}
