import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import leafletStyles from "leaflet/dist/leaflet.css?url";
import { PlaceForm } from "~/components/backoffice/place-form";
import { requireAdmin } from "~/modules/access/staff.server";
import { rowIdParam } from "~/utils/row-id";
import { recordErrorBoundary } from "~/components/backoffice/record-error-boundary";
import { useTranslation } from "~/modules/i18n/react";
import { hoursFormDefaults, placeColumns, placeSchema } from "~/modules/places/place-form";
import { deletePlace, loadPlace, placeUsage, updatePlace, type PlaceUsage } from "~/modules/places/places.server";
import { getEnv } from "~/utils/env.server";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";
import { stylesheets } from "~/components/stylesheets";
import mapStyles from "~/styles/maps.css?url";

export const links = stylesheets(mapStyles, leafletStyles);

export const meta = privatePageMeta;

const notFound = () => new Response(null, { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const id = rowIdParam(params.placeId);
  const place = id === null ? null : await loadPlace(id);
  if (!place) throw notFound();
  const names = { es: place.nameEs, en: place.nameEn, fr: place.nameFr, el: place.nameEl };
  return {
    title: `${context.t("adminPlaces:edit.title", { name: names[context.language] })} · Rueda`,
    name: names[context.language],
    place,
    usage: await placeUsage(place.id),
    tileUrl: getEnv().MAP_TILE_URL,
    // The confirmation is a page state, so it works without JavaScript.
    confirmDelete: new URL(request.url).searchParams.get("confirm") === "delete",
  };
}

type ActionResult = { intent: "save"; result: SubmissionResult<string[]> } | { intent: "delete"; inUse: PlaceUsage };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = requireAdmin(request, context);
  const id = rowIdParam(params.placeId);
  if (id === null) throw notFound();
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "save") {
    const submission = parseForm(formData, { schema: placeSchema });
    if (submission.status !== "success")
      return json<ActionResult>({ intent: "save", result: submission.reply() }, { status: 400 });
    if ((await updatePlace(user, id, placeColumns(submission.value))) === "notFound") throw notFound();
    return redirect(`/admin/places/${id}`, {
      headers: { "Set-Cookie": await toastHeader({ type: "success", message: "admin:common.changesSaved" }) },
    });
  }
  if (intent === "delete") {
    const outcome = await deletePlace(user, id);
    if (outcome.status === "notFound") throw notFound();
    if (outcome.status === "inUse")
      return json<ActionResult>(
        { intent: "delete", inUse: { cars: outcome.cars, bookings: outcome.bookings } },
        { status: 409 },
      );
    return redirect("/admin/places", {
      headers: { "Set-Cookie": await toastHeader({ type: "success", message: "adminPlaces:delete.deleted" }) },
    });
  }
  throw new Response(null, { status: 400 });
}

export default function PlacePage() {
  const { t } = useTranslation("adminPlaces");
  const { name, place, usage, tileUrl, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const refused = actionData?.intent === "delete" ? actionData.inUse : null;
  const str = (n: number) => String(n);
  return (
    <section className="page stack">
      <p>
        <Link to="/admin/places">{t("edit.back")}</Link>
      </p>
      <h1>{t("edit.title", { name })}</h1>
      <dl className="details card">
        <dt>{t("edit.slug")}</dt>
        <dd>
          <code>{place.slug}</code>
        </dd>
      </dl>
      <p className="muted">{t("edit.usage", { cars: str(usage.cars), bookings: str(usage.bookings) })}</p>
      <PlaceForm
        // Saved values can differ from the typed ones (a zone's canonical spelling): a new form shows them.
        key={JSON.stringify(place)}
        lastResult={actionData?.intent === "save" ? actionData.result : undefined}
        defaultValue={{
          nameEs: place.nameEs,
          nameEn: place.nameEn,
          nameFr: place.nameFr,
          nameEl: place.nameEl,
          address: place.address,
          kind: place.kind,
          timeZone: place.timeZone,
          counterEs: place.counterEs,
          counterEn: place.counterEn,
          counterFr: place.counterFr,
          counterEl: place.counterEl,
          latitude: str(place.latitude),
          longitude: str(place.longitude),
          ...hoursFormDefaults(place),
        }}
        tileUrl={tileUrl}
        submitLabel={t("admin:common.save")}
      />

      <section className="card stack" id="delete" aria-labelledby="delete-title">
        <h2 id="delete-title">{t("delete.title")}</h2>
        <p className="field__help">{t("delete.help")}</p>
        {refused ? (
          <div className="notice notice--warning" role="alert">
            <p>{t("delete.inUse", { cars: str(refused.cars), bookings: str(refused.bookings) })}</p>
          </div>
        ) : confirmDelete ? (
          <ConfirmForm
            action={`/admin/places/${place.id}`}
            question={t("delete.question")}
            intent="delete"
            busy={deleting}
            confirmLabel={t("admin:common.confirmDelete")}
            cancelHref={`/admin/places/${place.id}`}
            cancelLabel={t("admin:common.cancel")}
            preventScrollReset
          />
        ) : (
          <p>
            <Link
              to={`/admin/places/${place.id}?confirm=delete#delete`}
              className="button button--secondary"
              preventScrollReset
            >
              {t("delete.open")}
            </Link>
          </p>
        )}
      </section>
    </section>
  );
}

export const ErrorBoundary = recordErrorBoundary({
  ns: "adminPlaces",
  notFoundTitle: "notFound.title",
  notFoundBody: "notFound.body",
  backHref: "/admin/places",
  backLabel: "edit.back",
});
