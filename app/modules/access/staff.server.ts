import { redirect, type AppLoadContext } from "@remix-run/node";
import { and, eq, ne, type SQL } from "drizzle-orm";
import { bookingScope } from "~/modules/access/booking-scope.server";
import { signInPath } from "~/modules/access/redirect";
import { schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";

const { cars, suppliers } = schema;

/**
 * Who may use the back office (docs/security.md#back-office): an admin, or a supplier's staff
 * member with the one supplier they work for.
 */
export type StaffUser = SessionUser & ({ type: "admin" } | { type: "supplier"; supplierId: number });

function asStaff(user: SessionUser): StaffUser | null {
  if (user.type === "admin") return user as StaffUser;
  if (user.type === "supplier" && user.supplierId !== null) return user as StaffUser;
  return null;
}

/**
 * Every `/admin` loader and action starts here (a layout's loader does not guard its children:
 * Remix runs them in parallel). A visitor is sent to sign in and comes back; to anyone else who
 * is not staff (a driver) the back office does not exist: 404.
 */
export function requireBackOffice(request: Request, context: AppLoadContext): StaffUser {
  if (!context.user) throw redirect(signInPath(new URL(request.url)));
  const staff = asStaff(context.user);
  if (!staff) throw new Response(null, { status: 404 });
  return staff;
}

/** Admin-only sections (places, suppliers, users, settings, inbox, audit, outbox): supplier staff get 403. */
export function requireAdmin(request: Request, context: AppLoadContext): StaffUser & { type: "admin" } {
  const staff = requireBackOffice(request, context);
  if (staff.type !== "admin") throw new Response(null, { status: 403 });
  return staff as StaffUser & { type: "admin" };
}

/*
 * THE scopes of the back office: every by-id read or write puts one of these in its WHERE, so a
 * row outside the caller's scope is indistinguishable from a missing one (404), whatever id a
 * request names. Admins see everything; staff see their supplier's rows only.
 */

/** Cars the caller may see and change; deleted cars are gone for everyone. */
export function carScope(user: StaffUser): SQL {
  const live = ne(cars.status, "deleted");
  return user.type === "admin" ? live : and(live, eq(cars.supplierId, user.supplierId))!;
}

/** Suppliers the caller may see: all for an admin, their own for staff. */
export function supplierScope(user: StaffUser): SQL {
  const live = ne(suppliers.status, "deleted");
  return user.type === "admin" ? live : and(live, eq(suppliers.id, user.supplierId))!;
}

/** The supplier a new row belongs to: staff always their own, whatever the form says; an admin picks. */
export function ownSupplierId(user: StaffUser, requested: number): number {
  return user.type === "admin" ? requested : user.supplierId;
}

/** Bookings: the one scope shared with the driver-facing pages (app/modules/access/booking-scope.server.ts). */
export { bookingScope };
