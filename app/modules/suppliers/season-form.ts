import { z } from "zod";
import { planDayField } from "~/modules/forms/dates";
import { requiredText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { parseDollars } from "~/modules/forms/money";

/*
 * A supplier's season as staff type it (docs/domain.md#seasons): a name, a first and a last day
 * (calendar days of the pick-up place, the last included) and a percent on the fleet's price.
 * Shared by the browser and the server: messages are i18n keys; the database checks the same bounds.
 */

export const SEASON_NAME_MAX = 60;
export const SEASON_PERCENT = { min: -90, max: 500 } as const;
/** A longer period is better said by changing the cars' prices. */
export const SEASON_MAX_DAYS = 366;

/** docs/domain.md#date-range: a season plans prices, so its days are at most a few years ahead. */
const day = planDayField("adminSuppliers:seasons.dateInvalid");

export const seasonSchema = z
  .object({
    name: requiredText(SEASON_NAME_MAX),
    firstDay: day,
    lastDay: day,
    percent: z
      .number({ error: messages.required })
      .int("adminSuppliers:seasons.percentRange")
      .min(SEASON_PERCENT.min, "adminSuppliers:seasons.percentRange")
      .max(SEASON_PERCENT.max, "adminSuppliers:seasons.percentRange"),
  })
  .superRefine((value, ctx) => {
    const days = (Date.parse(`${value.lastDay}T00:00Z`) - Date.parse(`${value.firstDay}T00:00Z`)) / 86_400_000 + 1;
    if (days < 1)
      ctx.addIssue({ code: "custom", path: ["lastDay"], message: "adminSuppliers:seasons.lastBeforeFirst" });
    else if (days > SEASON_MAX_DAYS)
      ctx.addIssue({ code: "custom", path: ["lastDay"], message: "adminSuppliers:seasons.tooLong" });
  });

export type SeasonValues = z.output<typeof seasonSchema>;

/** A season's fixed daily price of one car is as high as a car's own may be ($100,000). */
export const SEASON_CAR_PRICE_MAX_CENTS = 10_000_000;
export const seasonCarPriceMessage = "adminSuppliers:seasons.carPriceInvalid";

/** The field of one car's price in the season's car prices form. */
export const carPriceField = (carId: number) => `price-${carId}`;

export type SeasonCarPrices =
  { ok: true; prices: Array<{ carId: number; cents: number | null }> } | { ok: false; errors: Record<number, string> };

/**
 * The season's fixed daily prices as typed for the supplier's cars (docs/domain.md#seasons): a
 * price in dollars from $0.01, or empty for none (the car follows the season's percent). Only
 * the cars asked about are read, so a field for another supplier's car is never looked at.
 */
export function readSeasonCarPrices(read: (name: string) => unknown, carIds: readonly number[]): SeasonCarPrices {
  const prices: Array<{ carId: number; cents: number | null }> = [];
  const errors: Record<number, string> = {};
  for (const carId of carIds) {
    const value = read(carPriceField(carId));
    const text = typeof value === "string" ? value.trim() : "";
    if (text === "") {
      prices.push({ carId, cents: null });
      continue;
    }
    const cents = parseDollars(text);
    if (cents === null || cents < 1 || cents > SEASON_CAR_PRICE_MAX_CENTS) errors[carId] = seasonCarPriceMessage;
    else prices.push({ carId, cents });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, prices };
}
