import { asc, eq } from "drizzle-orm";
import type { Language } from "~/modules/i18n/languages";
import { getDb, schema } from "~/utils/db.server";
import { supplierScope, type StaffUser } from "~/modules/access/staff.server";
import { placeNameColumn } from "~/modules/i18n/place-name";

/*
 * What the fleet's list and the car form offer to choose from (docs/domain.md#fleet): the
 * suppliers and the places.
 */

const { locations, suppliers } = schema;

export type Choice = { id: number; name: string };

/** The suppliers an admin may give a car or filter by; none for staff, whose cars are their supplier's. */
export async function supplierChoices(user: StaffUser): Promise<Choice[]> {
  if (user.type !== "admin") return [];
  const db = await getDb();
  return db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(supplierScope(user))
    .orderBy(asc(suppliers.name));
}

/** The supplier a staff member's new cars belong to, by name; null for an admin, who chooses. */
export async function ownSupplierName(user: StaffUser): Promise<string | null> {
  if (user.type === "admin") return null;
  const db = await getDb();
  const [row] = await db.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, user.supplierId));
  return row?.name ?? null;
}

/** Every place a car may serve, by name in the reader's language. */
export async function locationChoices(language: Language): Promise<Choice[]> {
  const db = await getDb();
  const name = placeNameColumn(locations, language);
  return db.select({ id: locations.id, name }).from(locations).orderBy(asc(name), asc(locations.id));
}
