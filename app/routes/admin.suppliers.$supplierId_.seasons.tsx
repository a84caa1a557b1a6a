import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/forms";
import { recordErrorBoundary } from "~/components/backoffice/record-error-boundary";
import { useZodForm } from "~/components/use-zod-form";
import { requireBackOffice } from "~/modules/access/staff.server";
import { rowIdParam } from "~/modules/backoffice/row-id.server";
import { privatePageMeta } from "~/modules/http/meta";
import { useTranslation } from "~/modules/i18n/react";
import { seasonSchema } from "~/modules/suppliers/season-form";
import { addSeason, deleteSeason, loadSeasons, type ShownSeason } from "~/modules/suppliers/seasons.server";
import { toastHeader } from "~/utils/toast.server";

/*
 * A supplier's seasons (docs/domain.md#seasons): the list, each with a Delete link confirmed on a
 * page state (`?delete=<id>`, so it works without JavaScript), and the form that adds one. Admins
 * for every supplier, staff for their own (another supplier's page is a 404).
 */

export const meta = privatePageMeta;

const notFound = () => new Response(null, { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const id = rowIdParam(params.supplierId);
  const found = id === null ? null : await loadSeasons(user, id);
  if (id === null || !found) throw notFound();
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  return {
    title: `${context.t("adminSuppliers:seasons.title", { name: found.supplierName })} · Rueda`,
    supplierId: id,
    supplierName: found.supplierName,
    seasons: found.seasons,
    confirmDelete: found.seasons.find((season) => season.id === deleteId) ?? null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = requireBackOffice(request, context);
  const id = rowIdParam(params.supplierId);
  // Another supplier's seasons are a 404 before the form is read (docs/security.md#back-office).
  if (id === null || !(await loadSeasons(user, id))) throw notFound();
  const formData = await request.formData();
  const saved = async () =>
    redirect(`/admin/suppliers/${id}/seasons`, {
      headers: { "Set-Cookie": await toastHeader({ type: "success", message: "admin:common.changesSaved" }) },
    });
  const intent = formData.get("intent");
  if (intent === "delete") {
    const seasonId = rowIdParam(String(formData.get("seasonId") ?? ""));
    if (seasonId === null || (await deleteSeason(user, id, seasonId)) === "notFound") throw notFound();
    return saved();
  }
  if (intent !== "add") throw new Response(null, { status: 400 });
  const submission = parseWithZod(formData, { schema: seasonSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), overlaps: null }, { status: 400 });
  const outcome = await addSeason(user, id, submission.value);
  if (outcome === "notFound") throw notFound();
  if (outcome !== "added") return json({ result: submission.reply(), overlaps: outcome.overlaps }, { status: 409 });
  return saved();
}

export default function SupplierSeasonsPage() {
  const { t } = useTranslation("adminSuppliers");
  const { supplierId, supplierName, seasons, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const page = `/admin/suppliers/${supplierId}/seasons`;
  const [form, fields] = useZodForm(seasonSchema, actionData?.result, { id: "season-form" });
  const labels = {
    name: t("seasons.name"),
    firstDay: t("seasons.firstDay"),
    lastDay: t("seasons.lastDay"),
    percent: t("seasons.percent"),
  };
  const span = (season: ShownSeason) => t("seasons.span", { from: season.firstDay, to: season.lastDay });
  const percent = (season: ShownSeason) => `${season.percent > 0 ? "+" : ""}${season.percent} %`;
  return (
    <section className="page stack">
      <p>
        <Link to={`/admin/suppliers/${supplierId}`}>{t("seasons.back", { name: supplierName })}</Link>
      </p>
      <h1>{t("seasons.title", { name: supplierName })}</h1>
      <p className="field__help">{t("seasons.lead")}</p>
      {confirmDelete ? (
        <Form method="post" className="notice notice--warning stack">
          <p role="alert">{t("seasons.confirmDelete", { name: confirmDelete.name, span: span(confirmDelete) })}</p>
          <input type="hidden" name="seasonId" value={confirmDelete.id} />
          <p className="actions">
            <button
              type="submit"
              name="intent"
              value="delete"
              className="button button--danger"
              disabled={busy("delete")}
              aria-busy={busy("delete")}
            >
              {t("seasons.yesDelete")}
            </button>
            <Link to={page} className="button button--secondary">
              {t("admin:common.cancel")}
            </Link>
          </p>
        </Form>
      ) : null}
      {seasons.length === 0 ? (
        <p className="empty-state">{t("seasons.empty")}</p>
      ) : (
        <table className="bookings-table">
          <thead>
            <tr>
              <th scope="col">{t("seasons.name")}</th>
              <th scope="col">{t("seasons.days")}</th>
              <th scope="col">{t("seasons.percent")}</th>
              <th scope="col">{t("admin:common.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {seasons.map((season) => (
              <tr key={season.id}>
                <td>{season.name}</td>
                <td data-label={t("seasons.days")}>{span(season)}</td>
                <td data-label={t("seasons.percent")}>{percent(season)}</td>
                <td>
                  <Link to={`${page}?delete=${season.id}`} aria-label={t("seasons.deleteLabel", { name: season.name })}>
                    {t("seasons.delete")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {actionData?.overlaps ? (
        <div className="notice notice--warning" role="alert">
          <p>
            {actionData.overlaps.length > 0
              ? t("seasons.overlaps", { count: actionData.overlaps.length, names: actionData.overlaps.join(", ") })
              : t("seasons.overlapsUnnamed")}
          </p>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="card stack">
        <h2>{t("seasons.add")}</h2>
        <FormErrors form={form} labels={labels} />
        <TextField field={fields.name} label={labels.name} />
        <TextField field={fields.firstDay} label={labels.firstDay} type="date" />
        <TextField field={fields.lastDay} label={labels.lastDay} type="date" />
        <TextField field={fields.percent} label={labels.percent} type="number" help={t("seasons.percentHelp")} />
        <button
          type="submit"
          name="intent"
          value="add"
          className="button"
          disabled={busy("add")}
          aria-busy={busy("add")}
        >
          {t("seasons.submit")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = recordErrorBoundary({
  ns: "adminSuppliers",
  notFoundTitle: "notFound.title",
  notFoundBody: "notFound.body",
  backHref: "/admin/suppliers",
  backLabel: "edit.back",
});
