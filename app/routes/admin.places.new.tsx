import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css?url";
import { PlaceForm } from "~/components/backoffice/place-form";
import { requireAdmin } from "~/modules/access/staff.server";
import { useTranslation } from "~/modules/i18n/react";
import { placeColumns, placeSchema } from "~/modules/places/place-form";
import { createPlace } from "~/modules/places/places.server";
import { getEnv } from "~/utils/env.server";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";
import { stylesheets } from "~/components/stylesheets";
import mapStyles from "~/styles/maps.css?url";

export const links = stylesheets(mapStyles, leafletStyles);

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return { title: `${context.t("adminPlaces:new.title")} · Rueda`, tileUrl: getEnv().MAP_TILE_URL };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireAdmin(request, context);
  const submission = parseForm(await request.formData(), { schema: placeSchema });
  if (submission.status !== "success")
    return json<{ result: SubmissionResult<string[]> }>({ result: submission.reply() }, { status: 400 });
  await createPlace(user, placeColumns(submission.value));
  return redirect("/admin/places", {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "admin:common.changesSaved" }) },
  });
}

export default function NewPlacePage() {
  const { t } = useTranslation("adminPlaces");
  const { tileUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page stack">
      <p>
        <Link to="/admin/places">{t("edit.back")}</Link>
      </p>
      <h1>{t("new.title")}</h1>
      <PlaceForm
        lastResult={actionData?.result}
        defaultValue={{ timeZone: "America/Caracas", hoursMode: "always" }}
        tileUrl={tileUrl}
        submitLabel={t("form.create")}
      />
    </section>
  );
}
