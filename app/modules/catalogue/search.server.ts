import { rentalDateRange, rentalDates, rentalRates } from "~/modules/pricing/rates";
import { seasonRules } from "~/modules/pricing/seasons.server";
import { getDb } from "~/utils/db.server";
import { effectiveFilters } from "./filters";
import { filterValues } from "./filters.server";
import { countCap, resultCount, type ResultCount } from "./result-count";
import { handoverFees, resultFees, toCard, type CarCard } from "./result-card.server";
import { CARS_PER_PAGE, type SearchQuery } from "./search-query";
import { queryFor, rowFrom } from "./search-statement.server";

/*
 * The search: its order's prepared statement (search-statement.server.ts) finds the page's cars
 * and counts them, then each is priced as checkout prices it and shown as a card
 * (result-card.server.ts).
 */

/**
 * Cars bookable at the pick-up place for the whole period, in the chosen order (cheapest total
 * first unless asked otherwise, docs/domain.md#search-order): one page of them, each with the rates
 * and fees its total is made of, and how many there are, counted up to the page's cap.
 */
export async function searchCars(query: SearchQuery, now?: Date): Promise<{ cars: CarCard[]; count: ResultCount }> {
  const values = filterValues(effectiveFilters(query.filters));
  const size = query.pageSize ?? CARS_PER_PAGE;
  const cap = countCap(query.page, size);
  const db = await getDb();
  const { pickUp, dropOff, days } = query.period;
  // The period's dates, worked out once for the query and every card's rates.
  const dates = rentalDates(pickUp, days, query.timeZone);
  const range = rentalDateRange(dates);
  const oneWay = query.dropoffId !== query.pickupId;
  const rows = await queryFor(db, query.sort).execute({
    ...values,
    location: query.pickupId,
    pickUp: pickUp.toISOString(),
    dropOff: dropOff.toISOString(),
    days,
    zone: query.timeZone,
    firstDay: range.first,
    lastDay: range.last,
    oneWay,
    now: (now ?? new Date()).toISOString(),
    limit: cap + 1,
    size,
    offset: (query.page - 1) * size,
  });
  // A page past the end is the count's row alone, its car's values all null.
  const found = rows.flatMap((row) =>
    row.car && row.car[0] != null ? [{ row: rowFrom(row.car), seasons: seasonRules(row.seasons) }] : [],
  );
  const handovers = await handoverFees(query);
  const cars = found.map(({ row, seasons }) => {
    const rates = rentalRates({ car: row, dates, seasons });
    return toCard(row, rates, resultFees(handovers, row.oneWayFeeCents ?? 0, oneWay));
  });
  return { cars, count: resultCount(rows[0]?.found ?? 0, cap, size) };
}
