import { BolivarEstimate } from "~/components/price/bolivar-estimate";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { includedOptions, resultPrices } from "~/modules/pricing/price-lines";
import { type DepositMethod, type FeeKey, type OptionKey, type RateSpan } from "~/modules/pricing/pricing";

/** What the car page's price block needs: the car's terms for the search's period. */
export type CarPriceData = {
  dailyPriceCents: number;
  payLaterFeePercent: number;
  payLaterAllowed: boolean;
  depositCents: number;
  depositMethod: DepositMethod;
  options: Record<OptionKey, number>;
  /** How the period's days are charged (docs/domain.md#seasons). */
  rates: RateSpan[];
  /** The search's fees for this car above 0, in its total as in checkout's (docs/domain.md#fees). */
  fees: Partial<Record<FeeKey, number>>;
};

/**
 * The car page's price for a search's period (docs/domain.md#price-lines): the total for each
 * way of paying the car offers, computed by `priceRental` like checkout's, so the two agree to
 * the cent; what the price includes; the deposit and how it is taken; and until when cancelling
 * is free.
 */
export function CarPrice({
  car,
  days,
  payNow,
  pickUpLabel,
  bookHref,
  describedBy,
}: {
  car: CarPriceData;
  days: number;
  /** An online method is configured now. */
  payNow: boolean;
  /** The pick-up time as the reader reads it: free cancellation runs until then. */
  pickUpLabel: string;
  bookHref: string;
  /** The car's title, so "Book" is announced with the car it books. */
  describedBy: string;
}) {
  const { t } = useTranslation("price");
  const { totals, perDayCents } = resultPrices(car, days, payNow);
  const included = [
    t("result.taxes"),
    ...includedOptions(car.options).map((key) => t(`catalogue:options.${key}`)),
    // The fees in the total (only those charged), named with their amounts: a one-way drop-off's.
    ...Object.entries(car.fees).map(([key, cents]) => `${t(`lines.fees.${key}`)} ${formatCents(cents)}`),
  ];
  const deposit =
    car.depositCents > 0
      ? t("result.deposit", { amount: formatCents(car.depositCents), method: t(`result.methods.${car.depositMethod}`) })
      : null;
  // Cancelling is free until pick-up only where the driver pays at the counter (docs/domain.md#cancellation).
  const freeCancellation = car.payLaterAllowed
    ? t(
        totals.length === 1 && totals[0].way === "payLater"
          ? "result.freeCancellation"
          : "result.freeCancellationPayLater",
        {
          date: pickUpLabel,
        },
      )
    : null;
  const fee = (percent: number) => (percent > 0 ? <small>{t("result.feeIncluded", { percent })}</small> : null);
  return (
    <div className="car-card__price car-price">
      <p>
        {t("catalogue:card.pricePerDay")} <strong>{formatCents(perDayCents)}</strong>
      </p>
      {totals.length > 1 ? (
        <>
          <p className="car-price__heading">{t("result.either", { count: days })}</p>
          {totals.map(({ way, totalCents, feePercent }, i) => (
            <p key={way} className="car-price__way">
              {t(`result.${way}`)}{" "}
              <strong className={i === 0 ? "car-card__total" : undefined} data-way={way}>
                {formatCents(totalCents)}
              </strong>{" "}
              <BolivarEstimate cents={totalCents} />
              {fee(feePercent)}
            </p>
          ))}
        </>
      ) : totals.length === 1 ? (
        <p>
          {t("result.either", { count: days })}{" "}
          <strong className="car-card__total" data-way={totals[0].way ?? "either"}>
            {formatCents(totals[0].totalCents)}
          </strong>{" "}
          <BolivarEstimate cents={totals[0].totalCents} />
          {totals[0].way ? <small>{t(`result.${totals[0].way}`)}</small> : null}
          {fee(totals[0].feePercent)}
        </p>
      ) : null}
      <p className="car-price__terms">
        {t("result.includes", { items: included.join(", ") })}
        {deposit ? <span>{deposit}</span> : null}
      </p>
      {freeCancellation ? <p className="car-price__cancel">{freeCancellation}</p> : null}
      {/* Checkout is its own page: a full navigation carrying the car, the places and the dates. */}
      <a className="button" href={bookHref} aria-describedby={describedBy}>
        {t("catalogue:card.book")}
      </a>
    </div>
  );
}
