import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CarForm } from "~/components/backoffice/car-form";
import { recordErrorBoundary } from "~/components/backoffice/record-error-boundary";
import { requireBackOffice } from "~/modules/access/staff.server";
import { carIdParam } from "~/modules/backoffice/car-list";
import { carFormDefaults } from "~/modules/backoffice/car-form";
import { submitCarForm } from "~/modules/backoffice/car-submission.server";
import { loadCar, locationChoices, supplierChoices } from "~/modules/backoffice/cars.server";
import { useTranslation } from "~/modules/i18n/react";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

/** One of the caller's cars, to edit; any other id (missing, deleted, another supplier's) is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const car = await loadCar(user, carIdParam(params.carId));
  if (!car) throw new Response(null, { status: 404 });
  const [suppliers, locations] = await Promise.all([supplierChoices(user), locationChoices(context.language)]);
  return json({
    title: `${context.t("adminCars:form.editTitle", { name: car.name })} · Rueda`,
    car: {
      id: car.id,
      name: car.name,
      image: car.image,
      supplierName: car.supplierName,
      version: car.updatedAt.getTime(),
    },
    defaultValue: carFormDefaults(car),
    suppliers,
    locations,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = requireBackOffice(request, context);
  const carId = carIdParam(params.carId);
  if (carId === null) throw new Response(null, { status: 404 });
  const outcome = await submitCarForm(request, user, carId, context.t);
  if (outcome.status === "invalid") return json(outcome.result, { status: 400 });
  if (outcome.status === "notFound") throw new Response(null, { status: 404 });
  return redirect(`/admin/cars/${carId}`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "admin:common.changesSaved" }) },
  });
}

export default function EditCarPage() {
  const { t } = useTranslation("adminCars");
  const { car, defaultValue, suppliers, locations } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="page stack">
      <h1>{t("form.editTitle", { name: car.name })}</h1>
      {/* Keyed by the stored version: after a save, or on another car's page, the form starts from what is stored. */}
      <CarForm
        key={`${car.id}-${car.version}`}
        mode="edit"
        lastResult={lastResult}
        defaultValue={defaultValue}
        suppliers={suppliers}
        supplierName={car.supplierName}
        locations={locations}
        image={car.image ? { src: car.image, alt: t("form.currentImage", { name: car.name }) } : null}
      />
      <p>
        <Link to={`/admin/cars/${car.id}/delete`} className="button button--danger">
          {t("form.deleteLink")}
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = recordErrorBoundary({
  ns: "adminCars",
  notFoundTitle: "notFound.title",
  notFoundBody: "notFound.body",
  backHref: "/admin/cars",
  backLabel: "notFound.back",
});
