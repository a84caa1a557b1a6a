import { and, asc, eq, sql } from "drizzle-orm";
import { openingHoursOf, type OpeningHours } from "~/modules/availability/opening-hours";
import type { Language } from "~/modules/i18n/languages";
import { cachedValue } from "~/utils/cached-value.server";
import { getDb, schema } from "~/utils/db.server";

/*
 * Reference data every catalogue page shows (locations, suppliers, a few cars), kept in memory
 * (utils/cached-value.server.ts) so a page view spends its queries on the search itself. A
 * back-office change calls `forgetReferenceData`, so the process that made it shows it at once;
 * other web processes show it within the minute.
 */

export type CatalogueLocation = {
  id: number;
  slug: string;
  kind: "airport" | "city";
  names: Record<Language, string>;
  address: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** Its opening hours and out-of-hours fee (docs/domain.md#opening-hours). */
  hours: OpeningHours;
};

/*
 * The public places (docs/domain.md#places): those where at least one car can be booked — a car
 * that is active and available, serving the place, of an active supplier (the search's own
 * `bookable` copy on car_locations). A new place, or one whose cars are all gone, stays out of
 * the search form, the places page and the map until a car serves it.
 */
const locations = cachedValue(async (): Promise<CatalogueLocation[]> => {
  const db = await getDb();
  const l = schema.locations;
  const rows = await db
    .select()
    .from(l)
    .where(
      sql`exists (select 1 from ${schema.carLocations} cl join ${schema.suppliers} s on s.id = cl.supplier_id
        where cl.location_id = ${l.id} and cl.bookable and s.active and s.status = 'active')`,
    )
    .orderBy(asc(l.id));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    kind: r.kind,
    names: { es: r.nameEs, en: r.nameEn, fr: r.nameFr, el: r.nameEl },
    address: r.address,
    latitude: r.latitude,
    longitude: r.longitude,
    timeZone: r.timeZone,
    hours: openingHoursOf(r),
  }));
});

export type CatalogueSupplier = {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  /** Cars offered (not deleted). */
  carCount: number;
  /** The place with most of its cars: where a "see its cars" search starts. */
  mainLocationId: number | null;
};

/**
 * Active suppliers that have cars, with their fleet size, in one grouped query: a brand the back
 * office has just created, with no car yet, is not offered to drivers (its link would find nothing).
 */
const suppliers = cachedValue(async (): Promise<CatalogueSupplier[]> => {
  const db = await getDb();
  const s = schema.suppliers;
  const rows = await db
    .select({
      id: s.id,
      name: s.name,
      slug: s.slug,
      logo: s.logo,
      // `${s}.id` in full: drizzle writes a one-table select's columns unqualified, and a bare
      // "id" inside the subquery would be the car's own.
      carCount: sql<number>`(select count(*)::int from ${schema.cars} c where c.supplier_id = ${s}.id and c.status = 'active')`,
      mainLocationId: sql<
        number | null
      >`(select cl.location_id from ${schema.carLocations} cl join ${schema.cars} c on c.id = cl.car_id
        where c.supplier_id = ${s}.id and c.status = 'active' group by cl.location_id order by count(*) desc, cl.location_id limit 1)`,
    })
    .from(s)
    .where(and(eq(s.active, true), eq(s.status, "active")))
    .orderBy(asc(s.name));
  return rows.filter((row) => row.carCount > 0);
});

export type FeaturedCar = {
  id: number;
  name: string;
  orSimilar: boolean;
  image: string | null;
  dailyPriceCents: number;
  seats: number;
  gearbox: "manual" | "automatic";
  supplierName: string;
};

const FEATURED_COUNT = 8;

/** "Our cars": the cheapest offer of a handful of models, for the home page. */
const featuredCars = cachedValue(async (): Promise<FeaturedCar[]> => {
  const db = await getDb();
  const { cars: c, suppliers: s, carLocations } = schema;
  const rows = await db
    .selectDistinctOn([c.name], {
      id: c.id,
      name: c.name,
      orSimilar: c.orSimilar,
      image: c.image,
      dailyPriceCents: c.dailyPriceCents,
      seats: c.seats,
      gearbox: c.gearbox,
      supplierName: s.name,
    })
    .from(c)
    .innerJoin(s, eq(s.id, c.supplierId))
    .where(
      and(
        eq(c.availability, "available"),
        eq(c.status, "active"),
        eq(s.active, true),
        eq(s.status, "active"),
        sql`exists (select 1 from ${carLocations} cl where cl.car_id = ${c.id})`,
      ),
    )
    .orderBy(c.name, c.dailyPriceCents, c.id)
    .limit(FEATURED_COUNT);
  return rows.sort((a, b) => a.dailyPriceCents - b.dailyPriceCents || a.id - b.id);
});

export const getLocations = () => locations.get();

/** After a back-office change to places, suppliers or cars: this process reads them again on next use. */
export function forgetReferenceData(): void {
  locations.forget();
  suppliers.forget();
  featuredCars.forget();
}
export const getSuppliers = () => suppliers.get();
export const getFeaturedCars = () => featuredCars.get();

/** The location's name in the reader's language (Greek falls back to English). */
export function locationName(location: Pick<CatalogueLocation, "names">, language: Language): string {
  return location.names[language] || location.names.en;
}
