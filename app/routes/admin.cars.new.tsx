import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CarForm } from "~/components/fleet/car-form";
import { CarErrorBoundary } from "~/components/backoffice/record-error-boundary";
import { requireBackOffice } from "~/modules/access/staff.server";
import { carFormDefaults } from "~/modules/fleet/car-values";
import { submitCarForm } from "~/modules/fleet/car-submission.server";
import { locationChoices, ownSupplierName, supplierChoices } from "~/modules/fleet/car-choices.server";
import { useTranslation } from "~/modules/i18n/react";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const [suppliers, locations, supplierName] = await Promise.all([
    supplierChoices(user),
    locationChoices(context.language),
    ownSupplierName(user),
  ]);
  return json({
    title: `${context.t("adminCars:form.newTitle")} · Rueda`,
    suppliers,
    locations,
    supplierName,
    defaultValue: carFormDefaults(null),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireBackOffice(request, context);
  const outcome = await submitCarForm(request, user, null, context.t);
  if (outcome.status === "invalid") return json(outcome.result, { status: 400 });
  if (outcome.status === "notFound") throw new Response(null, { status: 404 });
  return redirect(`/admin/cars/${outcome.carId}`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "admin:common.changesSaved" }) },
  });
}

export default function NewCarPage() {
  const { t } = useTranslation("adminCars");
  const { suppliers, locations, supplierName, defaultValue } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="page stack">
      <h1>{t("form.newTitle")}</h1>
      <CarForm
        mode="create"
        lastResult={lastResult}
        defaultValue={defaultValue}
        suppliers={suppliers}
        supplierName={supplierName}
        locations={locations}
        image={null}
      />
    </section>
  );
}

export const ErrorBoundary = CarErrorBoundary;
