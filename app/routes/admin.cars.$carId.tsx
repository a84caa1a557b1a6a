import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseForm } from "~/modules/forms/parse-form";
import { CarForm } from "~/components/fleet/car-form";
import { CarBlocks, type ShownBlock } from "~/components/fleet/car-blocks";
import { CarErrorBoundary } from "~/components/backoffice/record-error-boundary";
import { requireBackOffice, type StaffUser } from "~/modules/access/staff.server";
import { carBlockSchema } from "~/modules/fleet/car-block-form";
import { blockCar, listCarBlocks, unblockCar } from "~/modules/fleet/car-blocks.server";
import { formatInstant } from "~/modules/i18n/date-time.server";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { rowIdParam } from "~/utils/row-id";
import { carFormDefaults } from "~/modules/fleet/car-values";
import { submitCarForm } from "~/modules/fleet/car-submission.server";
import { locationChoices, supplierChoices } from "~/modules/fleet/car-choices.server";
import { carInScope, loadCar } from "~/modules/fleet/load-car.server";
import { useTranslation } from "~/modules/i18n/react";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

/** One of the caller's cars, to edit; any other id (missing, deleted, another supplier's) is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const car = await loadCar(user, rowIdParam(params.carId));
  if (!car) throw new Response(null, { status: 404 });
  const [suppliers, locations, blockRows] = await Promise.all([
    supplierChoices(user),
    locationChoices(context.language),
    listCarBlocks(user, car.id),
  ]);
  // The block's first and last day on the app's clock (docs/domain.md#out-of-service).
  const day = (at: Date) => formatInstant(at, context.language, APP_TIME_ZONE, false);
  const blocks: ShownBlock[] = blockRows.map((b) => ({
    id: b.id,
    from: day(b.startsAt),
    to: day(new Date(b.endsAt.getTime() - 1)),
    reason: b.reason,
    note: b.note,
  }));
  const unblock = rowIdParam(new URL(request.url).searchParams.get("unblock"));
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
    blocks,
    confirmUnblock: blocks.find((b) => b.id === unblock) ?? null,
    supplierId: car.supplierId,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = requireBackOffice(request, context);
  const carId = rowIdParam(params.carId);
  if (carId === null) throw new Response(null, { status: 404 });
  if (new URL(request.url).searchParams.has("blocks")) return blocksAction(request, user, carId);
  const outcome = await submitCarForm(request, user, carId, context.t);
  if (outcome.status === "invalid") return json({ form: "car" as const, result: outcome.result }, { status: 400 });
  if (outcome.status === "notFound") throw new Response(null, { status: 404 });
  return redirect(`/admin/cars/${carId}`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "admin:common.changesSaved" }) },
  });
}

const savedTo = async (carId: number) =>
  redirect(`/admin/cars/${carId}#blocks`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "admin:common.changesSaved" }) },
  });

/** The out-of-service forms of the page (docs/domain.md#out-of-service): add a block, remove one. */
async function blocksAction(request: Request, user: StaffUser, carId: number) {
  // Another supplier's car is a 404 before the form is read, also for a forged invalid form (docs/security.md#back-office).
  if (!(await carInScope(user, carId))) throw new Response(null, { status: 404 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "unblock") {
    const blockId = rowIdParam(String(formData.get("blockId") ?? ""));
    if (blockId === null || (await unblockCar(user, carId, blockId)) === "notFound")
      throw new Response(null, { status: 404 });
    return savedTo(carId);
  }
  if (intent !== "block") throw new Response(null, { status: 400 });
  const submission = parseForm(formData, { schema: carBlockSchema });
  if (submission.status !== "success")
    return json({ form: "block" as const, result: submission.reply(), overlaps: null }, { status: 400 });
  const outcome = await blockCar(user, carId, submission.value);
  if (outcome === "notFound") throw new Response(null, { status: 404 });
  if (outcome !== "blocked")
    return json({ form: "block" as const, result: submission.reply(), overlaps: outcome.overlaps }, { status: 409 });
  return savedTo(carId);
}

export default function EditCarPage() {
  const { t } = useTranslation("adminCars");
  const { car, defaultValue, suppliers, locations, blocks, confirmUnblock, supplierId } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.form === "car" ? actionData.result : undefined;
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
      <CarBlocks
        carId={car.id}
        blocks={blocks}
        confirmRemove={confirmUnblock}
        lastResult={actionData?.form === "block" ? actionData.result : undefined}
        overlaps={actionData?.form === "block" ? actionData.overlaps : null}
      />
      <p>
        <Link to={`/admin/suppliers/${supplierId}#rules`}>{t("blocks.rulesLink", { supplier: car.supplierName })}</Link>
      </p>
      <p>
        <Link to={`/admin/cars/${car.id}/delete`} className="button button--danger">
          {t("form.deleteLink")}
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = CarErrorBoundary;
