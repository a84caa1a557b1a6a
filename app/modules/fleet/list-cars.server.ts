import { and, asc, count, eq, ilike, sql, type SQL } from "drizzle-orm";
import { pageQuery } from "~/modules/list/paging";
import { getDb, schema } from "~/utils/db.server";
import { carScope, type StaffUser } from "~/modules/access/staff.server";
import { containsPattern, type CarListQuery } from "./car-list";

/*
 * The back office's list of the fleet (docs/domain.md#fleet): the caller's cars only (`carScope`),
 * one page at a time.
 */

const { carLocations, cars, suppliers } = schema;

export type CarListRow = {
  id: number;
  name: string;
  image: string | null;
  supplierName: string;
  dailyPriceCents: number;
  availability: "available" | "unavailable";
  fuelType: string;
  gearbox: string;
  places: number;
};

/** One page of the caller's cars matching the list's search and filters, by name. */
export async function listCars(
  user: StaffUser,
  query: CarListQuery,
): Promise<{ rows: CarListRow[]; total: number; page: number; pages: number }> {
  const db = await getDb();
  const conditions: SQL[] = [carScope(user)];
  if (query.text) conditions.push(ilike(cars.name, containsPattern(query.text)));
  if (query.supplier) conditions.push(eq(cars.supplierId, query.supplier));
  if (query.availability) conditions.push(eq(cars.availability, query.availability));
  if (query.fuelType) conditions.push(eq(cars.fuelType, query.fuelType));
  if (query.gearbox) conditions.push(eq(cars.gearbox, query.gearbox));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(cars).where(where);
  const { page, pages, offset, limit } = pageQuery(total, query.page);
  const rows = await db
    .select({
      id: cars.id,
      name: cars.name,
      image: cars.image,
      supplierName: suppliers.name,
      dailyPriceCents: cars.dailyPriceCents,
      availability: cars.availability,
      fuelType: cars.fuelType,
      gearbox: cars.gearbox,
      places: sql<number>`(select count(*)::int from ${carLocations} where ${carLocations.carId} = ${cars.id})`,
    })
    .from(cars)
    .innerJoin(suppliers, eq(suppliers.id, cars.supplierId))
    .where(where)
    .orderBy(asc(cars.name), asc(cars.id))
    .limit(limit)
    .offset(offset);
  return { rows, total, page, pages };
}
