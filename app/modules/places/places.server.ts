import { countedPage } from "~/modules/list/counted-page.server";
import { and, asc, count, eq, ne, or, sql } from "drizzle-orm";
import type { StaffUser } from "~/modules/access/staff.server";
import { changedFields, createdFields } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.server";
import { slugBase } from "~/modules/slug/slug";
import { retryingSlugClash, unusedSlug } from "~/modules/slug/slug.server";
import { forgetReferenceData } from "~/modules/catalogue/reference.server";
import type { Language } from "~/modules/i18n/languages";
import { getDb, schema, type Executor } from "~/utils/db.server";
import type { PlaceColumns } from "./place-form";
import { placeNameColumn } from "~/modules/i18n/place-name";

/*
 * Places (the `locations` table) as admins manage them (docs/domain.md#places). Admin-only: the
 * routes call requireAdmin before any of these.
 */

const { locations, carLocations, cars, bookings } = schema;

const SLUG_MAX = 80;

// The outer row is named `locations.id` in full: drizzle writes a one-table select's columns
// unqualified, and a bare "id" inside the subquery would be the car's.
const liveCarsServing = sql<number>`(select count(*)::int from ${carLocations} cl join ${cars} c on c.id = cl.car_id
  where cl.location_id = ${locations}.id and c.status <> 'deleted')`;

export type PlaceListRow = {
  id: number;
  name: string;
  kind: "airport" | "city";
  address: string;
  timeZone: string;
  cars: number;
};

/** One page of places, by name in the reader's language, with how many cars serve each. */
export async function listPlaces(
  language: Language,
  rawPage: string | null,
): Promise<{ rows: PlaceListRow[]; page: number; pages: number; total: number }> {
  const db = await getDb();
  const { total, page, pages, offset, limit } = await countedPage(locations, undefined, rawPage);
  const name = placeNameColumn(locations, language);
  const rows = await db
    .select({
      id: locations.id,
      name,
      kind: locations.kind,
      address: locations.address,
      timeZone: locations.timeZone,
      cars: liveCarsServing,
    })
    .from(locations)
    .orderBy(asc(name), asc(locations.id))
    .limit(limit)
    .offset(offset);
  return { rows, page, pages, total };
}

/** Cars (not deleted) that serve the place, and bookings that start or end there. */
export type PlaceUsage = { cars: number; bookings: number };

export async function placeUsage(placeId: number, executor?: Executor): Promise<PlaceUsage> {
  const db = executor ?? (await getDb());
  const [[served], [booked]] = await Promise.all([
    db
      .select({ n: count() })
      .from(carLocations)
      .innerJoin(cars, eq(cars.id, carLocations.carId))
      .where(and(eq(carLocations.locationId, placeId), ne(cars.status, "deleted"))),
    db
      .select({ n: count() })
      .from(bookings)
      .where(or(eq(bookings.pickupLocationId, placeId), eq(bookings.dropoffLocationId, placeId))),
  ]);
  return { cars: served.n, bookings: booked.n };
}

const editableFields = {
  nameEs: locations.nameEs,
  nameEn: locations.nameEn,
  nameFr: locations.nameFr,
  nameEl: locations.nameEl,
  address: locations.address,
  kind: locations.kind,
  timeZone: locations.timeZone,
  counterEs: locations.counterEs,
  counterEn: locations.counterEn,
  counterFr: locations.counterFr,
  counterEl: locations.counterEl,
  latitude: locations.latitude,
  longitude: locations.longitude,
  openingHours: locations.openingHours,
  closedDates: locations.closedDates,
  outOfHoursFeeCents: locations.outOfHoursFeeCents,
};

export type Place = PlaceColumns & { id: number; slug: string };

/** Exactly the columns a form sets, whatever else the object carries. */
const formColumns = (v: PlaceColumns): PlaceColumns => ({
  nameEs: v.nameEs,
  nameEn: v.nameEn,
  nameFr: v.nameFr,
  nameEl: v.nameEl,
  address: v.address,
  kind: v.kind,
  timeZone: v.timeZone,
  counterEs: v.counterEs,
  counterEn: v.counterEn,
  counterFr: v.counterFr,
  counterEl: v.counterEl,
  latitude: v.latitude,
  longitude: v.longitude,
  openingHours: v.openingHours,
  closedDates: v.closedDates,
  outOfHoursFeeCents: v.outOfHoursFeeCents,
});

export async function loadPlace(placeId: number): Promise<Place | null> {
  const db = await getDb();
  const [place] = await db
    .select({ id: locations.id, slug: locations.slug, ...editableFields })
    .from(locations)
    .where(eq(locations.id, placeId));
  return place ?? null;
}

/**
 * A new place. Its slug comes from the Spanish name, else the English one (a Greek name has
 * no Latin spelling), numbered when taken; it never changes afterwards.
 */
export async function createPlace(actor: StaffUser, input: PlaceColumns): Promise<{ id: number }> {
  const db = await getDb();
  const values = formColumns(input);
  const base = slugBase([values.nameEs, values.nameEn], "place", SLUG_MAX);
  const created = await retryingSlugClash(() =>
    db.transaction(async (tx) => {
      const slug = await unusedSlug(tx, locations.slug, base, SLUG_MAX);
      const [row] = await tx
        .insert(locations)
        .values({ ...values, slug })
        .returning({ id: locations.id });
      await recordAudit(tx, actor, {
        action: "location.create",
        subjectType: "location",
        subjectId: row.id,
        changes: createdFields({ slug, ...values }),
      });
      return row;
    }),
  );
  forgetReferenceData();
  return created;
}

export async function updatePlace(
  actor: StaffUser,
  placeId: number,
  input: PlaceColumns,
): Promise<"updated" | "notFound"> {
  const db = await getDb();
  const values = formColumns(input);
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx.select(editableFields).from(locations).where(eq(locations.id, placeId)).for("update");
    if (!before) return "notFound" as const;
    const changes = changedFields(before, values);
    if (Object.keys(changes).length === 0) return "updated" as const;
    await tx
      .update(locations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(locations.id, placeId));
    await recordAudit(tx, actor, { action: "location.update", subjectType: "location", subjectId: placeId, changes });
    return "updated" as const;
  });
  if (outcome === "updated") forgetReferenceData();
  return outcome;
}

export type DeletePlaceOutcome = { status: "deleted" } | { status: "notFound" } | ({ status: "inUse" } & PlaceUsage);

/**
 * Deletes a place nobody uses: no live car serves it and no booking starts or ends there
 * (bookings keep their places for good). Links left by deleted cars go with it. The place's row
 * is locked first, so a car or booking being added to it at the same moment waits for this
 * transaction and then fails its foreign key, instead of slipping in after the check.
 */
export async function deletePlace(actor: StaffUser, placeId: number): Promise<DeletePlaceOutcome> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<DeletePlaceOutcome> => {
    const [before] = await tx
      .select({ slug: locations.slug, ...editableFields })
      .from(locations)
      .where(eq(locations.id, placeId))
      .for("update");
    if (!before) return { status: "notFound" };
    const usage = await placeUsage(placeId, tx);
    if (usage.cars > 0 || usage.bookings > 0) return { status: "inUse", ...usage };
    await tx.delete(carLocations).where(eq(carLocations.locationId, placeId));
    await tx.delete(locations).where(eq(locations.id, placeId));
    await recordAudit(tx, actor, {
      action: "location.delete",
      subjectType: "location",
      subjectId: placeId,
      changes: Object.fromEntries(Object.entries(before).map(([field, value]) => [field, [value, null]])),
    });
    return { status: "deleted" };
  });
  if (outcome.status === "deleted") forgetReferenceData();
  return outcome;
}
