import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { supplierScope, type StaffUser } from "~/modules/access/staff.server";
import { createdFields, type Changes } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.server";
import { getDb, schema } from "~/utils/db.server";
import { EXCLUSION_VIOLATION, sqlState } from "~/utils/postgres.server";
import { isRowId } from "~/utils/row-id";
import type { SeasonValues } from "./season-form";
import { seasonTouches } from "~/modules/pricing/seasons.server";

/*
 * A supplier's seasons (docs/domain.md#seasons) as admins and the supplier's own staff manage
 * them: every read and write goes through supplierScope, so another supplier's are not found.
 */

const { cars, seasonCarPrices, seasons, suppliers } = schema;
/** `seasons` as `seasonTouches` names it. */
const se = alias(seasons, "se");

export type ShownSeason = {
  id: number;
  name: string;
  firstDay: string;
  lastDay: string;
  percent: number;
  /** How many cars the season gives a fixed daily price. */
  fixedPrices: number;
};

const shownFields = {
  id: seasons.id,
  name: seasons.name,
  firstDay: seasons.firstDay,
  lastDay: seasons.lastDay,
  percent: seasons.percent,
};

/** The supplier's name and seasons in calendar order; null when the supplier is not in the user's scope. */
export async function loadSeasons(
  user: StaffUser,
  supplierId: number,
): Promise<{ supplierName: string; seasons: ShownSeason[] } | null> {
  if (!isRowId(supplierId)) return null;
  const db = await getDb();
  const [supplier] = await db
    .select({ name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), supplierScope(user)));
  if (!supplier) return null;
  const rows = await db
    .select({
      ...shownFields,
      // `${seasons}.id` in full: a bare "id" inside the subquery would be the price row's own.
      fixedPrices: sql<number>`(select count(*)::int from ${seasonCarPrices} p where p.season_id = ${seasons}.id)`,
    })
    .from(seasons)
    .where(eq(seasons.supplierId, supplierId))
    .orderBy(asc(seasons.firstDay), asc(seasons.id));
  return { supplierName: supplier.name, seasons: rows };
}

/**
 * Adds a season, audited as `supplier.seasonAdd`. A season over another of the supplier's is
 * refused and the other named: the supplier row is locked first so two saves cannot both pass
 * the check, and the exclusion constraint `seasons_no_overlap` stands behind it.
 */
export async function addSeason(
  user: StaffUser,
  supplierId: number,
  values: SeasonValues,
): Promise<"added" | "notFound" | { overlaps: string[] }> {
  if (!isRowId(supplierId)) return "notFound";
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [supplier] = await tx
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(and(eq(suppliers.id, supplierId), supplierScope(user)))
        .for("update");
      if (!supplier) return "notFound" as const;
      const overlapping = await tx
        .select({ name: se.name })
        .from(se)
        .where(and(eq(se.supplierId, supplierId), seasonTouches({ first: values.firstDay, last: values.lastDay })))
        .orderBy(asc(se.firstDay));
      if (overlapping.length > 0) return { overlaps: overlapping.map((season) => season.name) };
      const [season] = await tx
        .insert(seasons)
        .values({ supplierId, ...values })
        .returning({ id: seasons.id });
      await recordAudit(tx, user, {
        action: "supplier.seasonAdd",
        subjectType: "supplier",
        subjectId: supplierId,
        supplierId,
        changes: createdFields({ seasonId: season.id, ...values }),
      });
      return "added" as const;
    });
  } catch (error) {
    if (sqlState(error) === EXCLUSION_VIOLATION) return { overlaps: [] };
    throw error;
  }
}

/** Deletes a season, audited as `supplier.seasonDelete` with what it was; bookings keep the prices they were made at. */
export async function deleteSeason(
  user: StaffUser,
  supplierId: number,
  seasonId: number,
): Promise<"deleted" | "notFound"> {
  if (!isRowId(supplierId) || !isRowId(seasonId)) return "notFound";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [supplier] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.id, supplierId), supplierScope(user)));
    if (!supplier) return "notFound" as const;
    const [removed] = await tx
      .delete(seasons)
      .where(and(eq(seasons.id, seasonId), eq(seasons.supplierId, supplierId)))
      .returning(shownFields);
    if (!removed) return "notFound" as const;
    await recordAudit(tx, user, {
      action: "supplier.seasonDelete",
      subjectType: "supplier",
      subjectId: supplierId,
      supplierId,
      changes: {
        seasonId: [removed.id, null],
        name: [removed.name, null],
        firstDay: [removed.firstDay, null],
        lastDay: [removed.lastDay, null],
        percent: [removed.percent, null],
      },
    });
    return "deleted" as const;
  });
}

/** One of the supplier's cars in a season's prices form: its own daily price and the season's fixed one, if any. */
export type SeasonCar = {
  id: number;
  name: string;
  plate: string | null;
  dailyPriceCents: number;
  seasonPriceCents: number | null;
};

/** The supplier's cars (not deleted) with the season's fixed prices; null when the season is not the supplier's or out of scope. */
export async function loadSeasonCars(
  user: StaffUser,
  supplierId: number,
  seasonId: number,
): Promise<SeasonCar[] | null> {
  if (!isRowId(supplierId) || !isRowId(seasonId)) return null;
  const db = await getDb();
  const [season] = await db
    .select({ id: seasons.id })
    .from(seasons)
    .innerJoin(suppliers, eq(suppliers.id, seasons.supplierId))
    .where(and(eq(seasons.id, seasonId), eq(seasons.supplierId, supplierId), supplierScope(user)));
  if (!season) return null;
  return db
    .select({
      id: cars.id,
      name: cars.name,
      plate: cars.plate,
      dailyPriceCents: cars.dailyPriceCents,
      seasonPriceCents: seasonCarPrices.dailyPriceCents,
    })
    .from(cars)
    .leftJoin(seasonCarPrices, and(eq(seasonCarPrices.carId, cars.id), eq(seasonCarPrices.seasonId, seasonId)))
    .where(and(eq(cars.supplierId, supplierId), ne(cars.status, "deleted")))
    .orderBy(asc(cars.name), asc(cars.id));
}

/**
 * Sets a season's fixed daily prices (docs/domain.md#seasons): a price replaces the car's row,
 * none (null) removes it so the car follows the season's percent. Only the supplier's own cars
 * (not deleted) are written; the season's row is locked so two saves apply one after the other.
 * Audited as `supplier.seasonCarPrices` with each changed car's price before and after.
 */
export async function setSeasonCarPrices(
  user: StaffUser,
  supplierId: number,
  seasonId: number,
  prices: ReadonlyArray<{ carId: number; cents: number | null }>,
): Promise<"saved" | "notFound"> {
  if (!isRowId(supplierId) || !isRowId(seasonId)) return "notFound";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [season] = await tx
      .select({ id: seasons.id, name: seasons.name })
      .from(seasons)
      .innerJoin(suppliers, eq(suppliers.id, seasons.supplierId))
      .where(and(eq(seasons.id, seasonId), eq(seasons.supplierId, supplierId), supplierScope(user)))
      .for("update", { of: seasons });
    if (!season) return "notFound" as const;
    const carIds = prices.map((price) => price.carId);
    const own =
      carIds.length === 0
        ? []
        : await tx
            .select({ id: cars.id, price: seasonCarPrices.dailyPriceCents })
            .from(cars)
            .leftJoin(seasonCarPrices, and(eq(seasonCarPrices.carId, cars.id), eq(seasonCarPrices.seasonId, seasonId)))
            .where(and(inArray(cars.id, carIds), eq(cars.supplierId, supplierId), ne(cars.status, "deleted")));
    const before = new Map(own.map((car) => [car.id, car.price]));
    const changes: Changes = {};
    for (const { carId, cents } of prices) {
      if (!before.has(carId) || (before.get(carId) ?? null) === cents) continue;
      if (cents === null)
        await tx
          .delete(seasonCarPrices)
          .where(and(eq(seasonCarPrices.seasonId, seasonId), eq(seasonCarPrices.carId, carId)));
      else
        await tx
          .insert(seasonCarPrices)
          .values({ seasonId, carId, dailyPriceCents: cents })
          .onConflictDoUpdate({
            target: [seasonCarPrices.seasonId, seasonCarPrices.carId],
            set: { dailyPriceCents: cents },
          });
      // Named so the log reads "car 12 daily price" with amounts in dollars (audit-view.ts).
      changes[`car ${carId} dailyPriceCents`] = [before.get(carId) ?? null, cents];
    }
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, user, {
        action: "supplier.seasonCarPrices",
        subjectType: "supplier",
        subjectId: supplierId,
        supplierId,
        changes: { season: [season.name, season.name], ...changes },
      });
    return "saved" as const;
  });
}
