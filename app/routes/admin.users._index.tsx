import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListHeading, ListTable } from "~/components/backoffice/list-table";
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
      <ListHeading title={t("list.title")} add={{ to: "/admin/users/new", label: t("list.create") }} />
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
      <ListTable
        rows={items}
        rowKey={(user) => user.id}
        empty={filtered ? t("admin:common.noMatch") : t("admin:common.empty")}
        summary={<p className="muted">{t("list.count", { count: total })}</p>}
        columns={[
          {
            header: t("fields.fullName"),
            cell: (user) => <Link to={`/admin/users/${user.id}`}>{user.fullName}</Link>,
          },
          { header: t("fields.email"), cell: (user) => user.email },
          {
            header: t("fields.type"),
            cell: (user) => (
              <>
                {t(`types.${user.type}`)}
                {user.supplier ? <div className="muted">{user.supplier}</div> : null}
              </>
            ),
          },
          {
            header: t("fields.status"),
            cell: (user) => t(`status.${user.suspended ? "suspended" : user.activated ? "active" : "notActivated"}`),
          },
          { header: t("fields.createdAt"), cell: (user) => user.createdAt },
        ]}
      />
      <Pagination page={page} pages={pages} hrefFor={(p) => userListHref(query, p)} />
    </section>
  );
}
