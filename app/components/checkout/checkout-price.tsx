import type { PaymentChoice } from "~/modules/booking/checkout-form";
import type { YoungDriverRule } from "~/modules/booking/young-driver";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import {
  priceRental,
  type Deposit,
  type FeeKey,
  type OptionKey,
  type PricedCar,
  type RateSpan,
} from "~/modules/pricing/pricing";
import { PriceLines } from "~/components/price/price-lines";
import { PaymentChoices } from "./payment-choices";

/**
 * The checkout's price (docs/domain.md#price-lines): the ways to pay with each one's total, the
 * price lines of the options chosen, the young driver note while the birth date is unknown, and
 * the total of the way chosen. The same price function the server books with.
 */
export function CheckoutPrice({
  pricing,
  days,
  chosenOptions,
  fees,
  payment,
  choices,
  errors,
  driverBirthDate,
}: {
  pricing: PricedCar & {
    rates: RateSpan[];
    payLaterFeePercent: number;
    deposit: Deposit | null | undefined;
    youngDriver: YoungDriverRule | null;
  };
  days: number;
  chosenOptions: OptionKey[];
  fees: Partial<Record<FeeKey, number>>;
  payment: string;
  choices: readonly PaymentChoice[];
  errors?: string[];
  /** The signed-in driver's birth date, if the account has it. */
  driverBirthDate: string | null | undefined;
}) {
  const { t } = useTranslation("booking");
  const young = pricing.youngDriver;
  const price = priceRental({
    car: pricing,
    days: days,
    rates: pricing.rates,
    options: chosenOptions,
    payLater: payment === "payLater",
    fees,
  });
  return (
    <>
      <PaymentChoices
        choices={choices}
        payLaterFeePercent={pricing.payLaterFeePercent}
        selected={payment}
        errors={errors}
        totals={{
          payLater: priceRental({
            car: pricing,
            days: days,
            rates: pricing.rates,
            options: chosenOptions,
            payLater: true,
            fees,
          }).totalCents,
          payNow: priceRental({
            car: pricing,
            days: days,
            rates: pricing.rates,
            options: chosenOptions,
            fees,
          }).totalCents,
        }}
      />
      <PriceLines breakdown={price} deposit={pricing.deposit} />
      {young && !driverBirthDate ? (
        // Said before the birth date is known, so a driver without JavaScript is not surprised by the booking's total.
        <p className="muted">
          {t("price:checkout.youngDriverNote", { age: young.belowAge, amount: formatCents(young.dailyFeeCents) })}
        </p>
      ) : null}
      <p aria-live="polite">
        {payment === "payLater" ? t("total", { count: days }) : t("payment:checkout.total", { count: days })}{" "}
        <strong data-testid="checkout-total">{formatCents(price.totalCents)}</strong>
      </p>
    </>
  );
}
