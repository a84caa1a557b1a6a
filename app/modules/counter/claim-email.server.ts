import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { bookingDetailIn } from "~/modules/booking/booking-detail.server";
import { formatCents } from "~/modules/i18n/format";
import { languageOrDefault } from "~/modules/i18n/languages";
import { notify } from "~/modules/notification/notify.server";
import { wallClockLabel } from "~/modules/time/zoned-time";
import type { Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { claimAnswerDeadline } from "./claim";

/**
 * The driver is told of a damage claim (docs/domain.md#damage-claims): in the app and by the email
 * "A damage claim on booking …" in their language, with what is asked, until when they may answer
 * and the link to the evidence on the booking page, written to the outbox in the claim's
 * transaction under `damage-claim-<booking>` (one claim a booking: it goes once).
 */
export async function tellDriverOfClaim(
  tx: Executor,
  bookingId: number,
  claim: { askedCents: number; estimateCents: number; note: string; openedAt: Date },
) {
  const detail = await bookingDetailIn(tx, bookingId);
  if (!detail) throw new Error(`Booking ${bookingId} is gone`);
  const until = wallClockLabel(claimAnswerDeadline(claim.openedAt), detail.dropoff.timeZone);
  const asked = formatCents(claim.askedCents);
  const link = new URL(`/booking?b=${bookingId}#claim`, getEnv().APP_URL).toString();
  await notify(tx, [
    {
      userId: detail.driver.id,
      bookingId,
      messageKey: "notifications:messages.claimOpened",
      params: { reference: detail.booking.reference, amount: asked, until },
    },
  ]);
  await enqueueEmail(
    tx,
    {
      template: "damage-claim",
      to: [detail.driver.email],
      language: languageOrDefault(detail.driver.language),
      data: {
        fullName: detail.driver.fullName,
        reference: detail.booking.reference,
        car: detail.car.name,
        asked,
        estimate: formatCents(claim.estimateCents),
        note: claim.note,
        until,
        link,
      },
    },
    `damage-claim-${bookingId}`,
  );
}
