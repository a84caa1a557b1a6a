import { getZodConstraint } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/node";
import { hoursLine, placeHoursNote } from "~/modules/catalogue/place-hours.server";
import { formatLocalDateTime } from "~/modules/catalogue/present.server";
import { pageCaptcha } from "~/modules/security/captcha.server";
import type { PreparedCheckout } from "./checkout.server";
import { choicesFromParams } from "./checkout-form";

/**
 * What the checkout page shows of a prepared checkout (prepareCheckout, with the page's URL): the
 * summary worded in the reader's language, the figures the live price needs, the driver, the ways
 * to pay and the choices in the link.
 */
export function checkoutPageData(
  checkout: PreparedCheckout & { url: URL },
  context: Pick<AppLoadContext, "language" | "t">,
) {
  const {
    url,
    link,
    car,
    pickupName,
    dropoffName,
    pickupPlace,
    dropoffPlace,
    fees,
    pickUpDate,
    rates,
    account,
    payments,
    formOptions,
    schema,
  } = checkout;
  const { from, to, days } = link.period;
  const words = { language: context.language, t: context.t };
  // Each place's hours under it, worded here (docs/domain.md#opening-hours).
  const hours = (place: typeof pickupPlace) => {
    const note = placeHoursNote(place, words);
    return note && hoursLine(context.t("booking:summary.hours", { hours: note.week }), note);
  };
  return {
    title: `${context.t("booking:title")} · Rueda`,
    formOptions,
    // The HTML constraints (required, maxlength…) computed here, so the page's first load carries no zod.
    constraint: getZodConstraint(schema),
    summary: {
      car: { name: car.name, image: car.image, supplierName: car.supplierName, supplierLogo: car.supplierLogo },
      pickupName,
      dropoffName,
      fromLabel: formatLocalDateTime(from, context.language),
      toLabel: formatLocalDateTime(to, context.language),
      days,
      searchHref: link.searchHref,
      pickupHours: hours(pickupPlace),
      dropoffHours: hours(dropoffPlace),
    },
    pricing: {
      dailyPriceCents: car.dailyPriceCents,
      payLaterFeePercent: car.payLaterFeePercent,
      options: car.options,
      deposit: car.deposit,
      fees,
      rates,
      youngDriver: car.youngDriver,
      pickUpDate,
    },
    excess: car.excess,
    driver: account?.driver ?? null,
    // A visitor proves a person when the captcha is on (docs/security.md#captcha).
    captcha: account ? null : pageCaptcha(),
    payments,
    choices: choicesFromParams(url.searchParams),
  };
}
