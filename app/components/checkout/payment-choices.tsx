import { FieldErrors } from "~/components/form-errors";
import type { PaymentChoice } from "~/modules/booking/checkout-form";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";

/**
 * How to pay (docs/domain.md#payments): pay later with its fee and free cancellation, or one of
 * the online methods configured now, each with what happens next. Plain radio buttons, so the
 * choice works without JavaScript; the page's total follows the choice when it runs.
 */
export function PaymentChoices({
  choices,
  payLaterFeePercent,
  selected,
  errors,
  totals,
}: {
  choices: readonly PaymentChoice[];
  payLaterFeePercent: number;
  /** Each way's total for the options chosen (docs/domain.md#price-lines): readable without JavaScript. */
  totals: { payLater: number; payNow: number };
  selected: string;
  errors?: string[];
}) {
  const { t } = useTranslation("payment");
  const label = t("booking:payment.title");
  return (
    <fieldset className="stack" aria-describedby={errors?.length ? "payment-errors" : undefined}>
      <legend>{label}</legend>
      {choices.map((choice) => {
        const id = `payment-${choice}`;
        const help =
          choice === "payLater"
            ? // A fee is mentioned only when there is one (docs/domain.md#price-lines).
              `${payLaterFeePercent > 0 ? t("booking:payment.payLaterHelp", { percent: payLaterFeePercent }) : t("price:payLaterNoFee")} ${t("booking:payment.freeCancellation")}`
            : `${t(`checkout.help.${choice}`)} ${t("checkout.holdHelp")}`;
        return (
          <div key={choice}>
            <div className="checkbox">
              <input
                type="radio"
                id={id}
                name="payment"
                value={choice}
                defaultChecked={choice === selected}
                aria-describedby={`${id}-help`}
              />
              <label htmlFor={id}>
                {choice === "payLater" ? t("booking:payment.payLater") : t(`methods.${choice}`)}
              </label>
            </div>
            <p className="field__help" id={`${id}-help`}>
              {t("price:checkout.wayTotal", {
                amount: formatCents(choice === "payLater" ? totals.payLater : totals.payNow),
              })}{" "}
              {help}
            </p>
          </div>
        );
      })}
      <FieldErrors id="payment-errors" errors={errors} label={label} />
    </fieldset>
  );
}
