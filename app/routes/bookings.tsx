import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Pagination } from "~/components/catalogue/pagination";
import { isStaff } from "~/modules/booking/access.server";
import { bookingDetail, bulkChangeStatus, canAmend, changeStatus, listBookings, supplierChoices, type BulkResult } from "~/modules/booking/bookings.server";
import { bookingsPageSize, dateRange, listHref, MOBILE_HINT, readListQuery } from "~/modules/booking/list-query";
import { StatusSelect } from "~/components/booking/status-select";
import { bookingStatuses } from "~/modules/booking/status";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { requireUser } from "~/modules/user/auth.server";
import { toastHeader } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

/** The page size depends on the device (bookingsPageSize): ask for the mobile hint, and say the page varies with it. */
export const headers: HeadersFunction = () => ({ "Accept-CH": MOBILE_HINT, Vary: `${MOBILE_HINT}, User-Agent` });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const query = readListQuery(params);
  const staff = isStaff(user);
  const list = await listBookings(user, { status: query.status, ...dateRange(query), supplierId: query.supplier, page: query.page, perPage: bookingsPageSize(request.headers) });
  // A single delete asks first, on its own section of this page (works without JavaScript).
  const confirmId = staff ? Number(params.get("confirm")) : NaN;
  const confirm = Number.isSafeInteger(confirmId) && confirmId > 0 ? await bookingDetail(user, confirmId) : null;
  return {
    title: `${context.t("bookings:title")} · Rueda`,
    query,
    staff,
    ...list,
    rows: list.rows.map((row) => ({ ...row, editable: canAmend(user, row) })),
    suppliers: await supplierChoices(user),
    confirm: confirm && confirm.booking.status !== "deleted" ? { id: confirm.booking.id, reference: confirm.booking.reference } : null,
  };
}

const idList = z.array(z.coerce.number().int().positive()).min(1);
const bulkSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete-selected"), ids: idList }),
  z.object({ intent: z.literal("status-selected"), ids: idList, status: z.enum(bookingStatuses) }),
  z.object({ intent: z.literal("delete"), ids: idList.max(1) }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireUser(request, context);
  if (!isStaff(user)) throw new Response(null, { status: 403 });
  const form = await request.formData();
  const parsed = bulkSchema.safeParse({ intent: form.get("intent"), ids: form.getAll("ids"), status: form.get("status") ?? undefined });
  if (!parsed.success) return json({ results: [] as BulkResult[], nothingSelected: true }, { status: 400 });
  const { data } = parsed;
  if (data.intent === "delete") {
    const result = await changeStatus(user, data.ids[0], "deleted");
    if (!result.ok && result.reason === "notFound") throw new Response(null, { status: 404 });
    const toast = result.ok ? { type: "success" as const, message: "bookings:list.deleted" } : { type: "error" as const, message: "bookings:detail.refused" };
    return redirect("/bookings", { headers: { "Set-Cookie": await toastHeader(toast) } });
  }
  const results = await bulkChangeStatus(user, data.ids, data.intent === "delete-selected" ? "deleted" : data.status);
  return json({ results, nothingSelected: false });
}

export default function BookingsPage() {
  const { t } = useTranslation("bookings");
  const { t: tc } = useTranslation();
  const { rows, total, pages, query, staff, suppliers, confirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page bookings">
      <h1>{t("title")}</h1>
      <Form method="get" className="bookings-filters" aria-label={t("filters.label")}>
        <StatusSelect
          id="filter-status"
          label={t("filters.status")}
          statuses={bookingStatuses.filter((s) => staff || s !== "deleted")}
          defaultValue={query.status ?? ""}
          anyLabel={t("filters.anyStatus")}
        />
        <div className="field">
          <label htmlFor="filter-from">{t("filters.from")}</label>
          <input id="filter-from" type="date" name="from" defaultValue={query.from} />
        </div>
        <div className="field">
          <label htmlFor="filter-to">{t("filters.to")}</label>
          <input id="filter-to" type="date" name="to" defaultValue={query.to} />
        </div>
        {suppliers.length > 0 ? (
          <div className="field">
            <label htmlFor="filter-supplier">{t("filters.supplier")}</label>
            <select id="filter-supplier" name="supplier" defaultValue={query.supplier ?? ""}>
              <option value="">{t("filters.anySupplier")}</option>
              {suppliers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit">{t("filters.apply")}</button>
      </Form>

      {confirm ? (
        <section className="card stack" aria-labelledby="confirm-title" id="confirm">
          <h2 id="confirm-title">{t("confirmDelete.title", { reference: confirm.reference })}</h2>
          <p>{t("confirmDelete.body")}</p>
          <Form method="post" className="row">
            <input type="hidden" name="ids" value={confirm.id} />
            <button type="submit" name="intent" value="delete" className="danger">
              {t("confirmDelete.confirm")}
            </button>
            <Link to={listHref(query, query.page)}>{t("confirmDelete.back")}</Link>
          </Form>
        </section>
      ) : null}

      {actionData && (actionData.nothingSelected || actionData.results.length > 0) ? (
        <section className="card" aria-labelledby="results-title" role="status">
          <h2 id="results-title">{t("results.title")}</h2>
          {actionData.nothingSelected ? (
            <p>{t("results.nothingSelected")}</p>
          ) : (
            <ul>
              {actionData.results.map((r) => (
                <li key={r.id}>
                  {r.result.ok
                    ? t("results.done", { reference: r.reference ?? `#${r.id}`, status: tc(`bookingStatus.${r.result.status}`) })
                    : t(`results.${r.result.reason}`, { reference: r.reference ?? `#${r.id}` })}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {rows.length === 0 ? (
        <p className="empty">{t("empty")}</p>
      ) : (
        <Form method="post" id="bookings-selection">
          <p className="muted">{t("count", { count: total })}</p>
          <table className="bookings-table">
            <thead>
              <tr>
                {staff ? <th scope="col"><span className="visually-hidden">{t("columns.select")}</span></th> : null}
                <th scope="col">{t("columns.car")}</th>
                <th scope="col">{t("columns.supplier")}</th>
                <th scope="col">{t("columns.driver")}</th>
                <th scope="col">{t("columns.price")}</th>
                <th scope="col">{t("columns.status")}</th>
                <th scope="col">{t("columns.days")}</th>
                <th scope="col">{t("columns.cost")}</th>
                <th scope="col">{t("columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <tr key={b.id}>
                  {staff ? (
                    <td>
                      <input type="checkbox" name="ids" value={b.id} id={`select-${b.id}`} aria-label={t("columns.selectOne", { reference: b.reference })} />
                    </td>
                  ) : null}
                  <td data-label={t("columns.car")}>{b.car}</td>
                  <td data-label={t("columns.supplier")}>{b.supplier}</td>
                  <td data-label={t("columns.driver")}>{b.driver}</td>
                  <td data-label={t("columns.price")}>{formatCents(b.dailyPriceCents)}</td>
                  <td data-label={t("columns.status")}>
                    {tc(`bookingStatus.${b.status}`)}
                    {b.cancelRequest ? <span className="badge"> {t("detail.cancelRequested")}</span> : null}
                  </td>
                  <td data-label={t("columns.days")}>{b.days}</td>
                  <td data-label={t("columns.cost")}>{formatCents(b.priceCents)}</td>
                  <td data-label={t("columns.actions")} className="actions">
                    <Link to={`/booking?b=${b.id}`} aria-label={t("actions.viewOne", { reference: b.reference })}>
                      {t("actions.view")}
                    </Link>
                    {b.editable ? (
                      <Link to={`/booking?b=${b.id}#edit`} aria-label={t("actions.editOne", { reference: b.reference })}>
                        {t("actions.edit")}
                      </Link>
                    ) : null}
                    {b.status !== "cancelled" && b.status !== "deleted" ? (
                      <Link to={`/booking?b=${b.id}#cancel`} aria-label={t("actions.cancelOne", { reference: b.reference })}>
                        {t("actions.cancel")}
                      </Link>
                    ) : null}
                    {staff && b.status !== "deleted" ? (
                      <Link to={`${listHref(query, query.page, b.id)}#confirm`} aria-label={t("actions.deleteOne", { reference: b.reference })}>
                        {t("actions.delete")}
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {staff ? (
            <fieldset className="bulk-actions">
              <legend>{t("bulk.legend")}</legend>
              <button type="submit" name="intent" value="delete-selected" className="danger">
                {t("bulk.delete")}
              </button>
              <StatusSelect id="bulk-status" label={t("bulk.newStatus")} statuses={bookingStatuses.filter((s) => s !== "void")} defaultValue="paid" />
              <button type="submit" name="intent" value="status-selected">
                {t("bulk.change")}
              </button>
            </fieldset>
          ) : null}
        </Form>
      )}
      <Pagination page={query.page} pages={pages} hrefFor={(p) => listHref(query, p)} />
    </section>
  );
}
