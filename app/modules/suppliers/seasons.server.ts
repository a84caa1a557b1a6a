import { and, asc, eq } from "drizzle-orm";
import { supplierScope, type StaffUser } from "~/modules/access/staff.server";
import { createdFields } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.server";
import { getDb, schema } from "~/utils/db.server";
import { EXCLUSION_VIOLATION, isRowId, sqlState } from "~/utils/postgres.server";
import type { SeasonValues } from "./season-form";
import { seasonTouches } from "~/modules/pricing/seasons.server";

/*
 * A supplier's seasons (docs/domain.md#seasons) as admins and the supplier's own staff manage
 * them: every read and write goes through supplierScope, so another supplier's are not found.
 */

const { seasons, suppliers } = schema;

export type ShownSeason = { id: number; name: string; firstDay: string; lastDay: string; percent: number };

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
    .select(shownFields)
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
        .select({ name: seasons.name })
        .from(seasons)
        .where(and(eq(seasons.supplierId, supplierId), seasonTouches({ first: values.firstDay, last: values.lastDay })))
        .orderBy(asc(seasons.firstDay));
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
