import { countedPage } from "~/modules/list/counted-page.server";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { supplierScope, type StaffUser } from "~/modules/access/staff.server";
import { changedFields, createdFields } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.server";
import { slugBase } from "~/modules/slug/slug";
import { retryingSlugClash, unusedSlug } from "~/modules/slug/slug.server";
import { forgetReferenceData } from "~/modules/catalogue/reference.server";
import { deleteImageIfUnreferenced, storeImage } from "~/modules/images/images.server";
import type { ImageRefusal } from "~/modules/images/process.server";
import { processImage } from "~/modules/images/process.server";
import { emailInvitation } from "~/modules/user/account-emails.server";
import { getDb, schema } from "~/utils/db.server";
import { sqlState, UNIQUE_VIOLATION } from "~/utils/postgres.server";
import type { StaffInvite, SupplierRules } from "./supplier-form";

/*
 * Suppliers and their staff accounts as admins manage them (docs/domain.md#suppliers).
 * Admin-only but for the availability rules, which a supplier's staff may also edit
 * (docs/domain.md#rental-limits): the routes call requireAdmin or requireBackOffice first; by-id
 * reads and writes still go through supplierScope, so a deleted or another supplier is not found.
 */

const { suppliers, cars, users, sessions, apiTokens, tokens } = schema;

const SLUG_MAX = 120;
/** Spec §9: supplier images are 60×30; logos are fitted whole, never cropped. */
export const LOGO_SIZE = { width: 60, height: 30 } as const;

/** What the supplier form saves (the logo travels separately, already processed). */
export type SupplierValues = {
  name: string;
  email: string;
  phone: string | null;
  /** International digits for wa.me links (docs/domain.md#voucher). */
  whatsapp: string | null;
  /** The tax id and fiscal address the agreement prints (docs/domain.md#fleet-data). */
  rif: string | null;
  fiscalAddress: string | null;
  payLater: boolean;
  /** Whether it collects IGTF on payments in foreign currency (docs/domain.md#igtf). */
  collectsIgtf: boolean;
  active: boolean;
};

/** Exactly the columns the form sets, whatever else the object carries. */
const formColumns = (v: SupplierValues): SupplierValues => ({
  name: v.name,
  email: v.email,
  phone: v.phone,
  whatsapp: v.whatsapp,
  rif: v.rif,
  fiscalAddress: v.fiscalAddress,
  payLater: v.payLater,
  collectsIgtf: v.collectsIgtf,
  active: v.active,
});

/** An upload as the supplier's logo (60×30 WebP), or why it was refused. */
export async function processLogo(
  bytes: Uint8Array,
): Promise<{ ok: true; webp: Buffer } | { ok: false; reason: ImageRefusal }> {
  const result = await processImage(bytes, { ...LOGO_SIZE, fit: "contain" });
  return result.ok ? { ok: true, webp: result.webp } : result;
}

// Correlated counts name the outer row as `suppliers.id` in full: drizzle writes a one-table
// select's columns unqualified, and a bare "id" inside the subquery would be the inner row's.
const liveCars = sql<number>`(select count(*)::int from ${cars} c where c.supplier_id = ${suppliers}.id and c.status <> 'deleted')`;
const activeStaff = sql<number>`(select count(*)::int from ${users} u where u.supplier_id = ${suppliers}.id and u.type = 'supplier' and u.status = 'active')`;

export type SupplierListRow = {
  id: number;
  name: string;
  logo: string | null;
  email: string | null;
  active: boolean;
  payLater: boolean;
  cars: number;
  staff: number;
};

/** One page of suppliers by name, with their fleet and staff counts. */
export async function listSuppliers(
  actor: StaffUser,
  rawPage: string | null,
): Promise<{ rows: SupplierListRow[]; page: number; pages: number; total: number }> {
  const db = await getDb();
  const scope = supplierScope(actor);
  const { total, page, pages, offset, limit } = await countedPage(suppliers, scope, rawPage);
  const rows = await db
    .select({
      id: suppliers.id,
      name: suppliers.name,
      logo: suppliers.logo,
      email: suppliers.email,
      active: suppliers.active,
      payLater: suppliers.payLater,
      cars: liveCars,
      staff: activeStaff,
    })
    .from(suppliers)
    .where(scope)
    .orderBy(asc(suppliers.name), asc(suppliers.id))
    .limit(limit)
    .offset(offset);
  return { rows, page, pages, total };
}

const editableFields = {
  name: suppliers.name,
  email: suppliers.email,
  phone: suppliers.phone,
  whatsapp: suppliers.whatsapp,
  rif: suppliers.rif,
  fiscalAddress: suppliers.fiscalAddress,
  payLater: suppliers.payLater,
  collectsIgtf: suppliers.collectsIgtf,
  active: suppliers.active,
  logo: suppliers.logo,
};

/** Demo and older suppliers may lack an email. */
export type SupplierDetail = Omit<SupplierValues, "email"> & {
  id: number;
  slug: string;
  logo: string | null;
  email: string | null;
  cars: number;
};

export async function loadSupplier(actor: StaffUser, supplierId: number): Promise<SupplierDetail | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: suppliers.id, slug: suppliers.slug, ...editableFields, cars: liveCars })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), supplierScope(actor)));
  return row ?? null;
}

/** A new supplier, its slug from its name (numbered when taken), with its logo stored in the same transaction. */
export async function createSupplier(
  actor: StaffUser,
  input: SupplierValues,
  logo: Buffer | null,
): Promise<{ id: number }> {
  const db = await getDb();
  const values = formColumns(input);
  const base = slugBase([values.name], "supplier", SLUG_MAX);
  const created = await retryingSlugClash(() =>
    db.transaction(async (tx) => {
      const slug = await unusedSlug(tx, suppliers.slug, base, SLUG_MAX);
      const logoPath = logo ? await storeImage(tx, logo, LOGO_SIZE) : null;
      const [row] = await tx
        .insert(suppliers)
        .values({ ...values, slug, logo: logoPath })
        .returning({ id: suppliers.id });
      await recordAudit(tx, actor, {
        action: "supplier.create",
        subjectType: "supplier",
        subjectId: row.id,
        supplierId: row.id,
        changes: createdFields({ slug, ...values, logo: logoPath }),
      });
      return row;
    }),
  );
  forgetReferenceData();
  return created;
}

/**
 * Saves the supplier's details and, when one was uploaded, its new logo; the logo it replaces
 * is deleted in the same transaction unless something else shows it. Deactivating needs nothing
 * more: the availability rule reads the supplier's `active` (docs/domain.md#availability), so
 * its cars leave the search and checkout at once.
 */
export async function updateSupplier(
  actor: StaffUser,
  supplierId: number,
  input: SupplierValues,
  logo: Buffer | null,
): Promise<"updated" | "notFound"> {
  const db = await getDb();
  const values = formColumns(input);
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx
      .select(editableFields)
      .from(suppliers)
      .where(and(eq(suppliers.id, supplierId), supplierScope(actor)))
      .for("update");
    if (!before) return "notFound" as const;
    const logoPath = logo ? await storeImage(tx, logo, LOGO_SIZE) : before.logo;
    const after = { ...values, logo: logoPath };
    const changes = changedFields(before, after);
    if (Object.keys(changes).length === 0) return "updated" as const;
    await tx
      .update(suppliers)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(suppliers.id, supplierId));
    if (before.logo !== logoPath) await deleteImageIfUnreferenced(tx, before.logo);
    const action =
      "active" in changes ? (values.active ? "supplier.activate" : "supplier.deactivate") : "supplier.update";
    await recordAudit(tx, actor, { action, subjectType: "supplier", subjectId: supplierId, supplierId, changes });
    return "updated" as const;
  });
  if (outcome === "updated") forgetReferenceData();
  return outcome;
}

/** The rules as the form holds them: the refuelling price (`refuelEighth`) is its column in cents. */
const ruleFields = {
  preparationHours: suppliers.preparationHours,
  minimumNoticeHours: suppliers.minimumNoticeHours,
  minimumDays: suppliers.minimumDays,
  refuelEighth: suppliers.refuelEighthCents,
  lateGraceMinutes: suppliers.lateGraceMinutes,
  depositReturnDays: suppliers.depositReturnDays,
  oneWayFeeCents: suppliers.oneWayFeeCents,
  youngDriverAge: suppliers.youngDriverAge,
  youngDriverFeeCents: suppliers.youngDriverFeeCents,
};

const ruleColumns = ({ refuelEighth, ...rest }: SupplierRules) => ({ ...rest, refuelEighthCents: refuelEighth });

/** The supplier's rental rules, for an admin or the supplier's own staff (supplierScope). */
export async function loadSupplierRules(actor: StaffUser, supplierId: number): Promise<SupplierRules | null> {
  const db = await getDb();
  const [row] = await db
    .select(ruleFields)
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), supplierScope(actor)));
  return row ?? null;
}

/**
 * Saves the supplier's preparation time, minimum notice, minimum days, one-way fee, young
 * driver age and fee, refuelling price, late-return grace period and days to return a deposit, audited as `supplier.update` (under the columns' names).
 * Existing bookings keep the preparation and fees they were made with (docs/domain.md#preparation);
 * the search, checkout and the next final bill (docs/domain.md#final-bill) read the new values at once.
 */
export async function updateSupplierRules(
  actor: StaffUser,
  supplierId: number,
  rules: SupplierRules,
): Promise<"updated" | "notFound"> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(ruleFields)
      .from(suppliers)
      .where(and(eq(suppliers.id, supplierId), supplierScope(actor)))
      .for("update");
    if (!before) return "notFound" as const;
    const changes = changedFields(ruleColumns(before), ruleColumns(rules));
    if (Object.keys(changes).length === 0) return "updated" as const;
    await tx
      .update(suppliers)
      .set({ ...ruleColumns(rules), updatedAt: new Date() })
      .where(eq(suppliers.id, supplierId));
    await recordAudit(tx, actor, {
      action: "supplier.update",
      subjectType: "supplier",
      subjectId: supplierId,
      supplierId,
      changes,
    });
    return "updated" as const;
  });
}

export type StaffMember = { id: number; fullName: string; email: string; activated: boolean };

/** The supplier's staff accounts that are not removed, by name. */
export async function listStaff(supplierId: number): Promise<StaffMember[]> {
  const db = await getDb();
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email, activated: users.activated })
    .from(users)
    .where(and(eq(users.supplierId, supplierId), eq(users.type, "supplier"), eq(users.status, "active")))
    .orderBy(asc(users.fullName), asc(users.id));
}

export type InviteOutcome = { status: "invited"; userId: number } | { status: "emailTaken" } | { status: "notFound" };

/**
 * Invites someone to run the supplier: a `supplier` account without a password, not activated,
 * and the invitation email naming the inviter, the supplier and the role with the activation
 * link (through the outbox, same transaction), whose page has them choose a password. An address that already has an account is refused, except a removed
 * staff account, which the invitation brings back (for this supplier, with a new password).
 */
export async function inviteStaff(
  actor: StaffUser,
  supplierId: number,
  invite: StaffInvite,
  now = new Date(),
): Promise<InviteOutcome> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx): Promise<InviteOutcome> => {
      const [supplier] = await tx
        .select({ id: suppliers.id, name: suppliers.name })
        .from(suppliers)
        .where(and(eq(suppliers.id, supplierId), supplierScope(actor)))
        .for("share");
      if (!supplier) return { status: "notFound" };
      const [existing] = await tx
        .select({ id: users.id, type: users.type, status: users.status })
        .from(users)
        .where(eq(users.email, invite.email));
      if (existing && !(existing.type === "supplier" && existing.status === "deleted")) return { status: "emailTaken" };
      const account = {
        fullName: invite.fullName,
        language: invite.language,
        type: "supplier" as const,
        supplierId,
        activated: false,
        passwordHash: null,
      };
      const [user] = existing
        ? await tx
            .update(users)
            .set({ ...account, status: "active", blacklisted: false, updatedAt: now })
            .where(eq(users.id, existing.id))
            .returning({ id: users.id, email: users.email, fullName: users.fullName, language: users.language })
        : await tx
            .insert(users)
            .values({ ...account, email: invite.email })
            .returning({ id: users.id, email: users.email, fullName: users.fullName, language: users.language });
      await emailInvitation(tx, user, { inviter: actor.fullName, supplier: supplier.name, role: "supplier" }, now);
      await recordAudit(tx, actor, {
        action: "supplier.staffInvite",
        subjectType: "user",
        subjectId: user.id,
        supplierId,
        changes: createdFields({ email: invite.email, fullName: invite.fullName, type: "supplier", supplierId }),
      });
      return { status: "invited", userId: user.id };
    });
  } catch (error) {
    // Two invitations (or a sign-up) with one address at the same moment: the unique index decides.
    if (sqlState(error) === UNIQUE_VIOLATION) return { status: "emailTaken" };
    throw error;
  }
}

/**
 * Removes a staff account: soft-deleted (the row stays for the audit log and past actions), signed
 * out everywhere at once (browser sessions and API tokens), and its unused links cancelled so an
 * invitation not yet accepted can no longer be.
 */
export async function removeStaff(
  actor: StaffUser,
  supplierId: number,
  userId: number,
): Promise<"removed" | "notFound"> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(suppliers, eq(suppliers.id, users.supplierId))
      .where(
        and(
          eq(users.id, userId),
          eq(users.supplierId, supplierId),
          eq(users.type, "supplier"),
          ne(users.status, "deleted"),
          supplierScope(actor),
        ),
      )
      .for("update", { of: users });
    if (!member) return "notFound" as const;
    await tx.update(users).set({ status: "deleted", updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
    await tx.delete(tokens).where(eq(tokens.userId, userId));
    await recordAudit(tx, actor, {
      action: "supplier.staffRemove",
      subjectType: "user",
      subjectId: userId,
      supplierId,
      changes: { status: ["active", "deleted"] },
    });
    return "removed" as const;
  });
}
