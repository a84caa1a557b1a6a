import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Pagination } from "~/components/catalogue/pagination";
import { StatusSelect } from "~/components/booking/status-select";
import { DateFilter } from "~/components/forms";
import type { ListActionData, loadBookingsList } from "~/modules/booking/list-page.server";
import { ariaSort, listHref, listOrders, SEARCH_MAX, sortHref, type ListSort } from "~/modules/booking/list-query";
import { bookingStatuses } from "~/modules/booking/status";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { SupplierSelect } from "~/components/backoffice/supplier-select";

type ListData = SerializeFrom<typeof loadBookingsList>;

/**
 * The bookings list of /bookings and /admin/bookings: its GET filter form, the table (a card list
 * on narrow screens), staff's selection with bulk status changes and deletion, the confirmation
 * of a single delete and the pages, all working without JavaScript. `path` is the page's own
 * URL; `withSearch` adds the text search of the back office; `tools` sit above the table.
 */
export function BookingsList({
  data,
  actionData,
  path,
  withSearch = false,
  tools,
}: {
  data: ListData;
  actionData: SerializeFrom<ListActionData> | undefined;
  path: string;
  withSearch?: boolean;
  tools?: ReactNode;
}) {
  const { t } = useTranslation("bookings");
  const { t: tc } = useTranslation();
  const { rows, total, pages, query, staff, suppliers, confirm } = data;
  // Once a bulk action has been carried out, the ticks and the chosen status go (the page a
  // browser without JavaScript gets back is fresh anyway); a refusal keeps them to be corrected.
  const selection = useRef<HTMLFormElement>(null);
  const acted = (actionData?.results.length ?? 0) > 0;
  useEffect(() => {
    if (acted) selection.current?.reset();
  }, [actionData, acted]);
  return (
    <>
      <Form method="get" className="bookings-filters" aria-label={t("filters.label")}>
        {withSearch ? (
          <div className="field">
            <label htmlFor="filter-q">{t("adminDashboard:bookings.search")}</label>
            <input id="filter-q" type="search" name="q" defaultValue={query.q} maxLength={SEARCH_MAX} />
          </div>
        ) : null}
        <StatusSelect
          id="filter-status"
          label={t("filters.status")}
          statuses={bookingStatuses.filter((s) => staff || s !== "deleted")}
          defaultValue={query.status ?? ""}
          anyLabel={t("filters.anyStatus")}
        />
        <DateFilter id="filter-from" name="from" label={t("filters.from")} value={query.from} />
        <DateFilter id="filter-to" name="to" label={t("filters.to")} value={query.to} />
        {withSearch ? (
          <>
            <DateFilter id="filter-pickup-on" name="pickupOn" label={t("filters.pickupOn")} value={query.pickupOn} />
            <DateFilter id="filter-return-on" name="returnOn" label={t("filters.returnOn")} value={query.returnOn} />
            {/* The headers' sort links are not shown on phones (the table becomes cards): the same orders here. */}
            <div className="field">
              <label htmlFor="filter-order">{t("filters.order")}</label>
              <select id="filter-order" name="order" defaultValue={query.sort ? `${query.sort}.${query.dir}` : ""}>
                <option value="">{t("filters.orders.default")}</option>
                {listOrders.map((order) => (
                  <option key={order} value={order}>
                    {t(`filters.orders.${order.replace(".", "_")}`)}
                  </option>
                ))}
              </select>
            </div>
          </>
        ) : null}
        {suppliers.length > 0 ? (
          <SupplierSelect
            id="filter-supplier"
            label={t("filters.supplier")}
            anyLabel={t("filters.anySupplier")}
            value={query.supplier}
            suppliers={suppliers}
          />
        ) : null}
        <button type="submit" className="button">
          {t("filters.apply")}
        </button>
      </Form>

      {tools}

      {confirm ? (
        <section className="card stack" aria-labelledby="confirm-title" id="confirm">
          <h2 id="confirm-title">{t("confirmDelete.title", { reference: confirm.reference })}</h2>
          <p>{t("confirmDelete.body")}</p>
          <Form method="post" className="row">
            <input type="hidden" name="ids" value={confirm.id} />
            <button type="submit" name="intent" value="delete" className="danger">
              {t("confirmDelete.confirm")}
            </button>
            <Link to={listHref(path, query, query.page)}>{t("confirmDelete.back")}</Link>
          </Form>
        </section>
      ) : null}

      {actionData && (actionData.nothingSelected || actionData.noStatus || actionData.results.length > 0) ? (
        <section className="card" aria-labelledby="results-title" role="status">
          <h2 id="results-title">{t("results.title")}</h2>
          {actionData.nothingSelected || actionData.noStatus ? (
            <p>{t(actionData.noStatus ? "results.noStatus" : "results.nothingSelected")}</p>
          ) : (
            <ul>
              {actionData.results.map((r) => (
                <li key={r.id}>
                  {r.result.ok
                    ? t("results.done", {
                        reference: r.reference ?? `#${r.id}`,
                        status: tc(`bookingStatus.${r.result.status}`),
                      })
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
        <Form method="post" id="bookings-selection" ref={selection}>
          <p className="muted">{t("count", { count: total })}</p>
          <table className="bookings-table">
            <thead>
              <tr>
                {staff ? (
                  <th scope="col">
                    <span className="visually-hidden">{t("columns.select")}</span>
                  </th>
                ) : null}
                <SortableHeader path={path} query={query} column="reference" label={t("columns.reference")} />
                <SortableHeader path={path} query={query} column="pickup" label={t("columns.pickup")} />
                <SortableHeader path={path} query={query} column="dropoff" label={t("columns.dropoff")} />
                <th scope="col">{t("columns.status")}</th>
                <th scope="col">{t("columns.car")}</th>
                <th scope="col">{t("columns.supplier")}</th>
                {staff ? (
                  <>
                    <th scope="col">{t("columns.driver")}</th>
                    <th scope="col">{t("columns.price")}</th>
                    <th scope="col">{t("columns.days")}</th>
                  </>
                ) : null}
                <th scope="col">{t("columns.cost")}</th>
                <th scope="col">{t("columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <tr key={b.id}>
                  {staff ? (
                    <td>
                      <input
                        type="checkbox"
                        name="ids"
                        value={b.id}
                        id={`select-${b.id}`}
                        aria-label={t("columns.selectOne", { reference: b.reference })}
                      />
                    </td>
                  ) : null}
                  <th scope="row" data-label={t("columns.reference")} className="bookings-table__reference">
                    {b.reference}
                  </th>
                  <td data-label={t("columns.pickup")}>
                    <span className="bookings-table__when">{b.pickup.at}</span> {b.pickup.name}
                  </td>
                  <td data-label={t("columns.dropoff")}>
                    <span className="bookings-table__when">{b.dropoff.at}</span> {b.dropoff.name}
                  </td>
                  <td data-label={t("columns.status")}>
                    {tc(`bookingStatus.${b.status}`)}
                    {b.cancelRequest ? <span className="badge"> {t("detail.cancelRequested")}</span> : null}
                  </td>
                  <td data-label={t("columns.car")}>{b.car}</td>
                  <td data-label={t("columns.supplier")}>{b.supplier}</td>
                  {staff ? (
                    <>
                      <td data-label={t("columns.driver")}>{b.driver}</td>
                      <td data-label={t("columns.price")}>{formatCents(b.dailyPriceCents)}</td>
                      <td data-label={t("columns.days")}>{b.days}</td>
                    </>
                  ) : null}
                  <td data-label={t("columns.cost")}>{formatCents(b.priceCents)}</td>
                  <td data-label={t("columns.actions")} className="actions">
                    <Link to={`/booking?b=${b.id}`} aria-label={t("actions.viewOne", { reference: b.reference })}>
                      {t("actions.view")}
                    </Link>
                    {b.editable ? (
                      <Link
                        to={`/booking?b=${b.id}#edit`}
                        aria-label={t("actions.editOne", { reference: b.reference })}
                      >
                        {t("actions.edit")}
                      </Link>
                    ) : null}
                    {b.status !== "cancelled" && b.status !== "deleted" ? (
                      <Link
                        to={`/booking?b=${b.id}#cancel`}
                        aria-label={t("actions.cancelOne", { reference: b.reference })}
                      >
                        {t("actions.cancel")}
                      </Link>
                    ) : null}
                    {staff && b.status !== "deleted" ? (
                      <Link
                        to={`${listHref(path, query, query.page, b.id)}#confirm`}
                        aria-label={t("actions.deleteOne", { reference: b.reference })}
                      >
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
              <button type="submit" name="intent" value="delete-selected" className="button button--danger">
                {t("bulk.delete")}
              </button>
              <StatusSelect
                id="bulk-status"
                label={t("bulk.newStatus")}
                statuses={bookingStatuses.filter((s) => s !== "void")}
                defaultValue=""
                anyLabel={t("bulk.chooseStatus")}
              />
              <button type="submit" name="intent" value="status-selected" className="button">
                {t("bulk.change")}
              </button>
            </fieldset>
          ) : null}
        </Form>
      )}
      <Pagination page={query.page} pages={pages} hrefFor={(p) => listHref(path, query, p)} />
    </>
  );
}

/**
 * A column header of the list: a link that sorts by its column (docs/domain.md#counter). Its
 * name stays the column's; how it sorts is the header's aria-sort, and an arrow for the eye.
 */
function SortableHeader({
  path,
  query,
  column,
  label,
}: {
  path: string;
  query: ListData["query"];
  column: ListSort;
  label: string;
}) {
  const sort = ariaSort(query, column);
  return (
    <th scope="col" aria-sort={sort}>
      <Link to={sortHref(path, query, column)}>
        {label}
        <span aria-hidden="true">{sort === "ascending" ? " ▲" : sort === "descending" ? " ▼" : ""}</span>
      </Link>
    </th>
  );
}
