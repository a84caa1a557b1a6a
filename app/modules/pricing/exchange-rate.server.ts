import { desc, lte } from "drizzle-orm";
import { schema, type Executor } from "~/utils/db.server";

const { exchangeRates } = schema;

/** A Bs/USD rate as stored: the numeric column's string ("36.5000"), never a float. */
export type ExchangeRate = { usdToBsRate: string; rateDate: string; source: string };

/**
 * The rate that applies on `day` (YYYY-MM-DD, a day in Caracas): the latest row dated on or before
 * it, so a rate entered Friday for Monday waits until Monday and the last one published carries
 * over on days without one; of two rows of one date, the later entered (an override). Null before
 * the first rate (docs/domain.md#exchange-rate).
 */
export async function rateOn(db: Executor, day: string): Promise<ExchangeRate | null> {
  const [row] = await db
    .select({ usdToBsRate: exchangeRates.usdToBsRate, rateDate: exchangeRates.rateDate, source: exchangeRates.source })
    .from(exchangeRates)
    .where(lte(exchangeRates.rateDate, day))
    .orderBy(desc(exchangeRates.rateDate), desc(exchangeRates.id))
    .limit(1);
  return row ?? null;
}
