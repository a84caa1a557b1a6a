import { Form } from "@remix-run/react";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import type { DepositHoldView } from "~/modules/payment/deposit-hold.server";

/**
 * A card deposit hold in words (docs/domain.md#card-deposit-hold): held until when, or lapsed (not
 * held), being settled, released or captured; staff (`warn`) are told when it lapses within a day.
 */
export function DepositHoldStatus({ hold, warn }: { hold: DepositHoldView | null; warn: boolean }) {
  const { t } = useTranslation("bookings");
  if (!hold) return null;
  const amount = formatCents(hold.amountCents);
  const until = hold.heldUntil ?? "";
  const line = {
    held: t("depositHold.heldUntil", { amount, until }),
    lapsing: t("depositHold.heldUntil", { amount, until }),
    lapsed: t("depositHold.lapsed"),
    settling: t("depositHold.settling"),
    released: t("depositHold.released", { amount }),
    captured: t("depositHold.captured", { amount: formatCents(hold.capturedCents) }),
    open: null,
    failed: null,
  }[hold.state];
  return (
    <div className="stack" data-testid="deposit-hold">
      {line ? <p role={hold.state === "lapsed" ? "alert" : undefined}>{line}</p> : null}
      {hold.demo ? <p className="field__help">{t("depositHold.demo")}</p> : null}
      {warn && hold.state === "lapsing" ? (
        <p className="notice" role="alert">
          {t("depositHold.lapsing", { until })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The pick-up page's deposit on a card: the hold's state and, while none holds the deposit, the
 * button that opens the card page on this device (a plain POST, without JavaScript too).
 */
export function DepositHoldPanel({
  bookingId,
  hold,
  startCents,
}: {
  bookingId: number;
  hold: DepositHoldView | null;
  /** The deposit to hold when one may be started; null otherwise. */
  startCents: number | null;
}) {
  const { t } = useTranslation("bookings");
  if (!hold && startCents === null) return null;
  return (
    <section className="card stack" aria-labelledby="deposit-hold-title">
      <h2 id="deposit-hold-title">{t("depositHold.cardTitle")}</h2>
      <DepositHoldStatus hold={hold} warn />
      {startCents !== null ? (
        <Form method="post" action={`/admin/counter/deposit-hold?b=${bookingId}`} className="stack">
          <p className="field__help">{t("depositHold.startHelp", { amount: formatCents(startCents) })}</p>
          <button type="submit" className="button">
            {t("depositHold.start")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
