import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/catalogue/pagination";
import { requireAdmin } from "~/modules/access/staff.server";
import { useTranslation } from "~/modules/i18n/react";
import { listTypes, readUserListQuery, SEARCH_MAX, userListHref } from "~/modules/user/admin-users";
import { listUsers } from "~/modules/user/admin-users.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const query = readUserListQuery(new URL(request.url).searchParams);
  const list = await listUsers(query, context.language);
  return { title: `${context.t("adminUsers:list.title")} · Rueda`, query: { ...query, page: list.page }, ...list };
}

export default function UsersListPage() {
  const { t } = useTranslation("adminUsers");
  const { query, items, page, pages, total } = useLoaderData<typeof loader>();
  const filtered = Boolean(query.q || query.type);
  return (
    <section className="page stack">
      <div className="admin-users__heading">
        <h1>{t("list.title")}</h1>
        <Link to="/admin/users/new" className="button">
          {t("list.create")}
        </Link>
      </div>
      <Form method="get" className="bookings-filters" role="search">
        <div className="field">
          <label htmlFor="users-q">{t("list.search")}</label>
          <input id="users-q" type="search" name="q" defaultValue={query.q} maxLength={SEARCH_MAX} />
        </div>
        <div className="field">
          <label htmlFor="users-type">{t("fields.type")}</label>
          <select id="users-type" name="type" defaultValue={query.type ?? ""}>
            <option value="">{t("admin:common.all")}</option>
            {listTypes.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t("admin:common.search")}
        </button>
        {filtered ? <Link to="/admin/users">{t("admin:common.clear")}</Link> : null}
      </Form>
      {items.length === 0 ? (
        <p className="empty-state">{filtered ? t("admin:common.noMatch") : t("admin:common.empty")}</p>
      ) : (
        <>
          <p className="muted">{t("list.count", { count: total })}</p>
          <table className="bookings-table">
            <thead>
              <tr>
                <th scope="col">{t("fields.fullName")}</th>
                <th scope="col">{t("fields.email")}</th>
                <th scope="col">{t("fields.type")}</th>
                <th scope="col">{t("fields.status")}</th>
                <th scope="col">{t("fields.createdAt")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((user) => (
                <tr key={user.id}>
                  <td data-label={t("fields.fullName")}>
                    <Link to={`/admin/users/${user.id}`}>{user.fullName}</Link>
                  </td>
                  <td data-label={t("fields.email")}>{user.email}</td>
                  <td data-label={t("fields.type")}>
                    {t(`types.${user.type}`)}
                    {user.supplier ? <div className="muted">{user.supplier}</div> : null}
                  </td>
                  <td data-label={t("fields.status")}>
                    {t(`status.${user.suspended ? "suspended" : user.activated ? "active" : "notActivated"}`)}
                  </td>
                  <td data-label={t("fields.createdAt")}>{user.createdAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <Pagination page={page} pages={pages} hrefFor={(p) => userListHref(query, p)} />
    </section>
  );
}
