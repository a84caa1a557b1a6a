import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CarErrorBoundary } from "~/components/backoffice/record-error-boundary";
import { requireBackOffice } from "~/modules/access/staff.server";
import { rowIdParam } from "~/utils/row-id";
import { deleteCar, loadCarForDelete } from "~/modules/fleet/delete-car.server";
import { useTranslation } from "~/modules/i18n/react";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";
import { forgetReferenceData } from "~/modules/catalogue/reference.server";

export const meta = privatePageMeta;

/**
 * "Are you sure you want to delete this car?" as a page of its own, so the confirmation works
 * without JavaScript (docs/domain.md#fleet). Deleting is refused while bookings still hold the
 * car; the page then names them, for staff to rebook or cancel first.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const car = await loadCarForDelete(user, rowIdParam(params.carId));
  if (!car) throw new Response(null, { status: 404 });
  return json({ title: `${context.t("adminCars:delete.title", { name: car.name })} · Rueda`, car });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = requireBackOffice(request, context);
  const carId = rowIdParam(params.carId);
  if ((await request.formData()).get("intent") !== "delete") throw new Response(null, { status: 400 });
  const outcome = await deleteCar(user, carId);
  if (outcome === "notFound") throw new Response(null, { status: 404 });
  if (outcome !== "deleted") return json({ refused: outcome.heldBy }, { status: 409 });
  // Its places may have lost their last car (docs/domain.md#places).
  forgetReferenceData();
  return redirect("/admin/cars", {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "admin:common.changesSaved" }) },
  });
}

export default function DeleteCarPage() {
  const { t } = useTranslation("adminCars");
  const { car } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.refused;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="page stack narrow">
      <h1>{t("delete.title", { name: car.name })}</h1>
      {refused ? (
        <div className="notice notice--warning stack" role="alert">
          <p>{t("delete.refused", { count: refused.length, references: refused.join(", ") })}</p>
        </div>
      ) : (
        <Form method="post" className="notice notice--warning stack">
          <p>
            <strong>{t("delete.confirm")}</strong>
          </p>
          <p>{t("delete.help")}</p>
          <p className="actions">
            <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busy}>
              {t("admin:common.confirmDelete")}
            </button>
            <Link to={`/admin/cars/${car.id}`} className="button button--secondary">
              {t("admin:common.cancel")}
            </Link>
          </p>
        </Form>
      )}
      <p>
        <Link to="/admin/cars">{t("form.backToList")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = CarErrorBoundary;
