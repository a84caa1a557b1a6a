import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { FormErrors, TextField } from "~/components/forms";
import { SupplierErrorBoundary } from "~/components/backoffice/record-error-boundary";
import { SeasonCarPrices } from "~/components/backoffice/season-car-prices";
import { useZodForm } from "~/components/use-zod-form";
import { requireBackOffice } from "~/modules/access/staff.server";
import { rowIdParam } from "~/utils/row-id";
import { privatePageMeta } from "~/modules/http/meta";
import { useTranslation } from "~/modules/i18n/react";
import { carPriceField, readSeasonCarPrices, seasonSchema } from "~/modules/suppliers/season-form";
import {
  addSeason,
  deleteSeason,
  loadSeasonCars,
  loadSeasons,
  setSeasonCarPrices,
  type ShownSeason,
} from "~/modules/suppliers/seasons.server";
import { toastHeader } from "~/utils/toast.server";

/*
 * A supplier's seasons (docs/domain.md#seasons): the list, each with a Delete link confirmed on a
 * page state (`?delete=<id>`, so it works without JavaScript), and the form that adds one; a
 * season's fixed daily prices per car on the page state `?prices=<id>`. Admins for every
 * supplier, staff for their own (another supplier's page is a 404).
 */

export const meta = privatePageMeta;

const notFound = () => new Response(null, { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const id = rowIdParam(params.supplierId);
  const found = id === null ? null : await loadSeasons(user, id);
  if (id === null || !found) throw notFound();
  const query = new URL(request.url).searchParams;
  const deleteId = Number(query.get("delete"));
  const pricesSeason = found.seasons.find((season) => season.id === Number(query.get("prices"))) ?? null;
  return {
    title: `${context.t("adminSuppliers:seasons.title", { name: found.supplierName })} · Rueda`,
    supplierId: id,
    supplierName: found.supplierName,
    seasons: found.seasons,
    confirmDelete: found.seasons.find((season) => season.id === deleteId) ?? null,
    prices: pricesSeason && {
      season: pricesSeason,
      cars: (await loadSeasonCars(user, id, pricesSeason.id)) ?? [],
    },
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
  if (intent === "prices") {
    const seasonId = rowIdParam(String(formData.get("seasonId") ?? ""));
    const seasonCars = seasonId === null ? null : await loadSeasonCars(user, id, seasonId);
    if (seasonId === null || !seasonCars) throw notFound();
    const read = readSeasonCarPrices(
      (name) => formData.get(name),
      seasonCars.map((car) => car.id),
    );
    if (!read.ok) {
      const typed = Object.fromEntries(
        seasonCars.map((car) => [car.id, String(formData.get(carPriceField(car.id)) ?? "")]),
      );
      return json({ result: null, overlaps: null, prices: { errors: read.errors, typed } }, { status: 400 });
    }
    if ((await setSeasonCarPrices(user, id, seasonId, read.prices)) === "notFound") throw notFound();
    return saved();
  }
  if (intent === "delete") {
    const seasonId = rowIdParam(String(formData.get("seasonId") ?? ""));
    if (seasonId === null || (await deleteSeason(user, id, seasonId)) === "notFound") throw notFound();
    return saved();
  }
  if (intent !== "add") throw new Response(null, { status: 400 });
  const submission = parseForm(formData, { schema: seasonSchema });
  if (submission.status !== "success")
    return json({ result: submission.reply(), overlaps: null, prices: null }, { status: 400 });
  const outcome = await addSeason(user, id, submission.value);
  if (outcome === "notFound") throw notFound();
  if (outcome !== "added")
    return json({ result: submission.reply(), overlaps: outcome.overlaps, prices: null }, { status: 409 });
  return saved();
}

export default function SupplierSeasonsPage() {
  const { t } = useTranslation("adminSuppliers");
  const { supplierId, supplierName, seasons, confirmDelete, prices } = useLoaderData<typeof loader>();
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
  const percent = (season: ShownSeason) =>
    `${season.percent > 0 ? "+" : ""}${season.percent} %` +
    (season.fixedPrices > 0 ? ` · ${t("seasons.fixedPrices", { count: season.fixedPrices })}` : "");
  return (
    <section className="page stack">
      <p>
        <Link to={`/admin/suppliers/${supplierId}`}>{t("seasons.back", { name: supplierName })}</Link>
      </p>
      <h1>{t("seasons.title", { name: supplierName })}</h1>
      <p className="field__help">{t("seasons.lead")}</p>
      {confirmDelete ? (
        <ConfirmForm
          question={t("seasons.confirmDelete", { name: confirmDelete.name, span: span(confirmDelete) })}
          hidden={{ name: "seasonId", value: confirmDelete.id }}
          intent="delete"
          busy={busy("delete")}
          confirmLabel={t("seasons.yesDelete")}
          cancelHref={page}
          cancelLabel={t("admin:common.cancel")}
        />
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
                  <Link
                    to={`${page}?prices=${season.id}#season-prices`}
                    aria-label={t("seasons.pricesLabel", { name: season.name })}
                  >
                    {t("seasons.prices")}
                  </Link>{" "}
                  <Link to={`${page}?delete=${season.id}`} aria-label={t("seasons.deleteLabel", { name: season.name })}>
                    {t("seasons.delete")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {prices ? (
        <SeasonCarPrices
          key={prices.season.id}
          page={page}
          season={prices.season}
          cars={prices.cars}
          refused={actionData?.prices ?? null}
          busy={busy("prices")}
        />
      ) : null}
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

export const ErrorBoundary = SupplierErrorBoundary;
