import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListTable } from "~/components/backoffice/list-table";
import { Pagination } from "~/components/catalogue/pagination";
import { DateFilter } from "~/components/forms";
import { requireAdmin } from "~/modules/access/staff.server";
import { auditLogPage } from "~/modules/backoffice/audit-log.server";
import {
  actionLabel,
  auditHref,
  auditSubjectTypes,
  fieldLabel,
  readAuditQuery,
  type AuditValue,
} from "~/modules/backoffice/audit-view";
import { useTranslation } from "~/modules/i18n/react";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const query = readAuditQuery(new URL(request.url).searchParams);
  const log = await auditLogPage(query, context.language);
  return {
    title: `${context.t("adminAudit:title")} · Rueda`,
    query: { ...query, page: log.page },
    ...log,
    zone: APP_TIME_ZONE,
  };
}

function ValueText({ value }: { value: AuditValue }) {
  const { t } = useTranslation("adminAudit");
  if (value.kind === "text") return <span className="audit-value">{value.text}</span>;
  return <span className="audit-value muted">{t(`values.${value.kind}`)}</span>;
}

export default function AuditLogPage() {
  const { t } = useTranslation("adminAudit");
  const { t: ta } = useTranslation("admin");
  const { rows, total, page, pages, query, zone } = useLoaderData<typeof loader>();
  const filtered = Boolean(query.subject || query.actor || query.from || query.to);
  return (
    <section className="page stack">
      <h1>{t("title")}</h1>
      <p className="muted">{t("help")}</p>
      <Form method="get" className="bookings-filters" aria-label={t("filters.label")}>
        <div className="field">
          <label htmlFor="audit-subject">{t("filters.subject")}</label>
          <select id="audit-subject" name="subject" defaultValue={query.subject ?? ""}>
            <option value="">{ta("common.all")}</option>
            {auditSubjectTypes.map((type) => (
              <option key={type} value={type}>
                {t(`subjects.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-actor">{t("filters.actor")}</label>
          <input id="audit-actor" type="search" name="actor" defaultValue={query.actor} maxLength={254} />
        </div>
        <DateFilter id="audit-from" name="from" label={t("filters.from")} value={query.from} />
        <DateFilter id="audit-to" name="to" label={t("filters.to")} value={query.to} />
        <button type="submit">{ta("common.filter")}</button>
        {filtered ? <Link to="/admin/audit">{ta("common.clear")}</Link> : null}
      </Form>

      <ListTable
        rows={rows}
        rowKey={(row) => row.id}
        empty={filtered ? ta("common.noMatch") : t("empty")}
        summary={<p className="muted">{t("count", { count: total })}</p>}
        className="audit-table"
        columns={[
          { header: t("columns.when", { zone }), cell: (row) => <time>{row.at}</time> },
          {
            header: t("columns.who"),
            cell: (row) =>
              row.actor ? (
                <>
                  {row.actor.name}
                  <div className="muted">{row.actor.email}</div>
                </>
              ) : (
                <span className="muted">{t("formerActor")}</span>
              ),
          },
          { header: t("columns.action"), cell: (row) => actionLabel(t, row.action) },
          {
            header: t("columns.subject"),
            cell: (row) => {
              const subject = `${t(`subjects.${row.subjectType}`)}${row.subjectId === null ? "" : ` #${row.subjectId}`}`;
              return (
                <>
                  {row.subjectHref ? <Link to={row.subjectHref}>{subject}</Link> : subject}
                  {row.subjectName ? <div className="muted">{row.subjectName}</div> : null}
                </>
              );
            },
          },
          {
            header: t("columns.changes"),
            cell: (row) =>
              row.changes.length === 0 ? (
                <span className="muted">{t("noChanges")}</span>
              ) : (
                <dl className="audit-changes">
                  {row.changes.map((change) => (
                    <div key={change.field}>
                      <dt>{fieldLabel(t, change.field)}</dt>
                      <dd>
                        <ValueText value={change.before} /> → <ValueText value={change.after} />
                      </dd>
                    </div>
                  ))}
                </dl>
              ),
          },
        ]}
      />
      <Pagination page={page} pages={pages} hrefFor={(p) => auditHref(query, p)} />
    </section>
  );
}
