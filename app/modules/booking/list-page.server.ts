import { rowIdField } from "~/modules/forms/fields";
import { rowIdParam } from "~/utils/row-id";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import { z } from "zod";
import type { SessionUser } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";
import { isStaff } from "~/modules/access/booking-scope.server";
import { bookingDetail } from "./booking-detail.server";
import { bulkChangeStatus, changeStatus, type BulkResult } from "./change-status.server";
import { listBookings, supplierChoices } from "./list-bookings.server";
import { canAmend } from "./eligibility";
import { bookingsPageSize, dateRange, readListQuery } from "./list-query";
import { bookingStatuses } from "./status";
import { formatLocalDateTime } from "~/modules/catalogue/present.server";
import type { Language } from "~/modules/i18n/languages";
import { placeName, type PlaceNames } from "~/modules/i18n/place-name";
import { instantToLocal } from "~/modules/time/zoned-time";

/*
 * The bookings list as a page: one loader and one action behind both /bookings (every user's
 * bookings in their scope) and /admin/bookings (the back office's), so the list, its filters,
 * its single and bulk status changes and its delete confirmation have one implementation.
 */

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

/** A place of a booking in the list: its name in `language` and the moment on the place's clock. */
const placeAt = (place: PlaceNames & { timeZone: string }, at: Date, language: Language) => ({
  name: placeName(place, language),
  at: formatLocalDateTime(instantToLocal(at, place.timeZone), language),
});

/** One page of `user`'s bookings with the request's filters, and the booking whose deletion is being confirmed. */
export async function loadBookingsList(user: User, request: Request, language: Language) {
  const params = new URL(request.url).searchParams;
  const query = readListQuery(params);
  const staff = isStaff(user);
  const list = await listBookings(user, {
    status: query.status,
    ...dateRange(query),
    pickupOn: query.pickupOn || null,
    returnOn: query.returnOn || null,
    sort: query.sort,
    dir: query.dir,
    supplierId: query.supplier,
    search: query.q,
    page: query.page,
    perPage: bookingsPageSize(request.headers),
  });
  // A single delete asks first, on its own section of the page (works without JavaScript).
  const confirmId = staff ? rowIdParam(params.get("confirm")) : null;
  const confirm = confirmId === null ? null : await bookingDetail(user, confirmId);
  return {
    query: { ...query, page: list.page },
    staff,
    total: list.total,
    pages: list.pages,
    rows: list.rows.map(({ pickup, dropoff, ...row }) => ({
      ...row,
      pickup: placeAt(pickup, row.startsAt, language),
      dropoff: placeAt(dropoff, row.endsAt, language),
      editable: canAmend(user.id, row),
    })),
    suppliers: await supplierChoices(user),
    confirm:
      confirm && confirm.booking.status !== "deleted"
        ? { id: confirm.booking.id, reference: confirm.booking.reference }
        : null,
  };
}

const idList = z.array(rowIdField()).min(1);
const bulkSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete-selected"), ids: idList }),
  // The bulk select starts on its placeholder (""), never on a status: nothing changes until one is chosen.
  z.object({ intent: z.literal("status-selected"), ids: idList, status: z.enum(bookingStatuses).or(z.literal("")) }),
  z.object({ intent: z.literal("delete"), ids: idList.max(1) }),
]);

export type ListActionData = { results: BulkResult[]; nothingSelected: boolean; noStatus?: boolean };

/**
 * The list's POST for staff: delete one booking (after its confirmation, then back to `path`),
 * or delete or change the status of the selected ones, each reported on its own.
 */
export async function bookingsListAction(
  user: User,
  request: Request,
  path: string,
): Promise<TypedResponse<ListActionData>> {
  if (!isStaff(user)) throw new Response(null, { status: 403 });
  const form = await request.formData();
  const parsed = bulkSchema.safeParse({
    intent: form.get("intent"),
    ids: form.getAll("ids"),
    status: form.get("status") ?? undefined,
  });
  if (!parsed.success) return json({ results: [], nothingSelected: true }, { status: 400 });
  const { data } = parsed;
  if (data.intent === "delete") {
    const result = await changeStatus(user, data.ids[0], "deleted");
    if (!result.ok && result.reason === "notFound") throw new Response(null, { status: 404 });
    const toast = result.ok
      ? { type: "success" as const, message: "bookings:list.deleted" }
      : { type: "error" as const, message: "bookings:detail.refused" };
    return redirect(path, { headers: { "Set-Cookie": await toastHeader(toast) } });
  }
  const status = data.intent === "delete-selected" ? "deleted" : data.status;
  if (status === "") return json({ results: [], nothingSelected: false, noStatus: true }, { status: 400 });
  const results = await bulkChangeStatus(user, data.ids, status);
  return json({ results, nothingSelected: false });
}
