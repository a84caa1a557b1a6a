import { DriverRecordList } from "~/components/review/driver-record";
import { driverRecord } from "~/modules/review/driver-record.server";
import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SignatureField } from "~/components/counter/signature-field";
import { InspectionFields } from "~/components/counter/inspection-fields";
import { CheckboxField, SelectField } from "~/components/form-choices";
import { FormErrors, SubmitButton, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { requireBackOffice } from "~/modules/access/staff.server";
import { dollarsInput } from "~/modules/forms/money";
import { counterMethods } from "~/modules/booking/methods";
import { formatCents } from "~/modules/i18n/format";
import { placeNameKey } from "~/modules/i18n/place-name";
import { useTranslation } from "~/modules/i18n/react";
import { privatePageMeta } from "~/modules/http/meta";
import { depositTakenMethods } from "~/modules/pricing/final-bill";
import { fuelEighths, pickupSchema, type PickupAsks } from "~/modules/counter/pickup";
import { readFormWithFiles } from "~/modules/http/form-data.server";
import { processInspectionPhotos } from "~/modules/counter/inspection.server";
import { loadPickup, pickUp } from "~/modules/counter/pickup.server";
import { DepositHoldPanel } from "~/components/counter/deposit-hold";
import { cardGateway } from "~/modules/payment/config.server";
import { isHeld } from "~/modules/payment/deposit-hold";
import { depositHoldView } from "~/modules/payment/deposit-hold.server";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { toastHeader } from "~/utils/toast.server";
import { bookingIdParam, notFound } from "~/modules/http/not-found";
import { stylesheets } from "~/components/stylesheets";
import bookingStyles from "~/styles/booking.css?url";

export const links = stylesheets(bookingStyles);

export const meta = privatePageMeta;

/**
 * /admin/counter/pickup?b=<id>: the pick-up of one booking at the counter (docs/domain.md#pick-up),
 * for staff of the booking's supplier and admins; anyone else gets the 404 of a missing booking.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const found = await loadPickup(user, bookingIdParam(request));
  if (!found) throw notFound();
  const { detail, asks, balanceCents, plate, driverAge, openCardCents } = found;
  const { booking, car, driver, pickup, deposit } = detail;
  // docs/domain.md#reviews: what suppliers said of the driver, shown to the counter.
  const record = await driverRecord(driver.id);
  // docs/domain.md#card-deposit-hold: the deposit held on a card, or the way to hold it, before the car goes out.
  const hold = await depositHoldView(booking.id, pickup.timeZone);
  const onCard = deposit.cents > 0 && deposit.method !== "cash" && cardGateway() !== null && !found.blocker;
  return {
    title: `${context.t("adminDashboard:pickup.title", { reference: booking.reference })} · Rueda`,
    booking: {
      id: booking.id,
      reference: booking.reference,
      startsAt: wallClockLabel(booking.startsAt, pickup.timeZone),
    },
    car: { name: car.name, plate },
    driver: driver.fullName,
    driverRecord: record,
    place: { name: pickup[placeNameKey(context.language)], timeZone: pickup.timeZone },
    blocker: blockerSentence(found, pickup.timeZone),
    // docs/domain.md#pick-up: checked against the licence at the counter.
    driverAge,
    depositHold: hold,
    holdCents: onCard && !(hold && (isHeld(hold.state) || hold.state === "settling")) ? deposit.cents : null,
    openCardCents,
    asks,
    balanceCents,
    defaults: {
      deposit: dollarsInput(deposit.cents),
      // The car's way, when it names one; "card hold or cash" is staff's choice at the counter.
      depositTaken: deposit.method === "cardHoldOrCash" ? undefined : deposit.method,
    },
  };
}

/** The sentence that says why the booking cannot be picked up, as a key and its values (dates on the pick-up place's clock). */
function blockerSentence(
  { blocker, why }: Pick<NonNullable<Awaited<ReturnType<typeof loadPickup>>>, "blocker" | "why">,
  timeZone: string,
): { key: string; values: Record<string, string> } | null {
  if (!blocker) return null;
  const key = `pickup.refusals.${blocker}`;
  if (why && "from" in why) return { key, values: { from: wallClockLabel(why.from, timeZone), zone: timeZone } };
  if (why && "reference" in why)
    return { key, values: { reference: why.reference, until: wallClockLabel(why.until, timeZone) } };
  if (why && "method" in why) {
    // A sentence for each transfer staff meet (pago móvil, USDT), and one for any other.
    const kind = why.method === "mobilePayment" || why.method === "walletPayment" ? why.method : "payment";
    return { key: `${key}.${kind}`, values: { amount: formatCents(why.amountCents) } };
  }
  return { key, values: {} };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireBackOffice(request, context);
  const id = bookingIdParam(request);
  const found = await loadPickup(user, id);
  if (!found) throw notFound();
  // Multipart: the inspection's photos come with the form (docs/domain.md#inspection).
  const submission = parseForm(await readFormWithFiles(request), { schema: pickupSchema(found.asks) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const processed = await processInspectionPhotos(submission.value.photos);
  if (!processed.ok)
    return json({ result: submission.reply({ fieldErrors: { photos: [processed.message] } }) }, { status: 400 });
  const outcome = await pickUp(user, id, submission.value, undefined, processed.photos);
  switch (outcome) {
    case "notFound":
      throw notFound();
    case "pickedUp":
      return redirect(`/booking?b=${id}`, {
        headers: { "Set-Cookie": await toastHeader({ type: "success", message: "adminDashboard:pickup.done" }) },
      });
    case "signatureUnreadable": {
      const message = "adminDashboard:pickup.errors.signatureUnreadable";
      return json({ result: submission.reply({ fieldErrors: { signature: [message] } }) }, { status: 400 });
    }
    case "licenceExpired": {
      const message = "adminDashboard:pickup.errors.licenceExpired";
      return json(
        { result: submission.reply({ formErrors: [message], fieldErrors: { licenceExpiresOn: [message] } }) },
        { status: 400 },
      );
    }
    case "asksChanged":
    case "cardStillOpen":
      // Nothing written: said above the form, which comes back with what now applies.
      return json(
        { result: submission.reply({ formErrors: [`adminDashboard:pickup.refusals.${outcome}`] }) },
        { status: 400 },
      );
    default:
      // A blocker, nothing written: the page, loaded again, says it in place of the form.
      return json({ result: submission.reply() }, { status: 409 });
  }
}

export default function PickupPage() {
  const { t } = useTranslation("adminDashboard");
  const { booking, car, driver, driverAge, driverRecord, place, blocker, depositHold, holdCents } =
    useLoaderData<typeof loader>();
  return (
    <section className="page narrow stack pickup">
      <p>
        <Link to={`/booking?b=${booking.id}`}>{t("pickup.back")}</Link>
      </p>
      <h1>{t("pickup.title", { reference: booking.reference })}</h1>
      <dl className="details card">
        <dt>{t("pickup.driver")}</dt>
        <dd>{driver}</dd>
        <dt>{t("pickup.car")}</dt>
        <dd>
          {car.name} · {car.plate ?? t("counter.noPlate")}
        </dd>
        <dt>{t("pickup.birthDate")}</dt>
        <dd>
          {driverAge ? t("pickup.age", { date: driverAge.birthDate, age: driverAge.age }) : t("pickup.noBirthDate")}
          {driverAge ? <span className="muted"> {t("pickup.birthDateHelp")}</span> : null}
        </dd>
        <dt>{t("pickup.place")}</dt>
        <dd>
          {place.name} — {booking.startsAt} ({place.timeZone})
        </dd>
      </dl>
      <section className="card" aria-labelledby="driver-record-title">
        <h2 id="driver-record-title">{t("reviews:record.title")}</h2>
        <DriverRecordList record={driverRecord} />
      </section>
      <DepositHoldPanel bookingId={booking.id} hold={depositHold} startCents={holdCents} />
      {blocker ? (
        <p className="notice" role="status">
          {t(blocker.key, blocker.values)}
        </p>
      ) : (
        <PickupForm />
      )}
    </section>
  );
}

function PickupForm() {
  const { t } = useTranslation("adminDashboard");
  const { t: tb } = useTranslation("bookings");
  const { asks, balanceCents, openCardCents, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(pickupSchema(asks as PickupAsks), actionData?.result, {
    id: "pickup-form",
    defaultValue: defaults,
  });
  const labels = {
    odometer: t("pickup.odometer"),
    fuel: t("pickup.fuel"),
    photos: t("inspection.photos"),
    deposit: t("pickup.deposit"),
    depositTaken: t("pickup.depositTaken"),
    depositReference: t("pickup.depositReference"),
    payment: t("pickup.payment"),
    licenceNumber: t("pickup.licenceNumber"),
    licenceCountry: t("pickup.licenceCountry"),
    licenceExpiresOn: t("pickup.licenceExpiresOn"),
    signature: t("pickup.pad"),
    signerName: t("pickup.signerName"),
    agree: t("pickup.agree"),
  };
  const choose = { value: "", label: t("pickup.choose") };
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack card">
      <FormErrors form={form} labels={labels} />
      <h2>{t("pickup.carSection")}</h2>
      <TextField field={fields.odometer} label={labels.odometer} help={t("pickup.odometerHelp")} />
      <SelectField
        field={fields.fuel}
        label={labels.fuel}
        options={[
          choose,
          ...fuelEighths.map((n) => ({
            value: String(n),
            label: t(n === 8 ? "pickup.fuelFull" : "pickup.fuelLevel", { level: n }),
          })),
        ]}
      />
      <InspectionFields
        formId={form.id}
        photos={fields.photos}
        initialMarks={form.initialValue?.marks}
        errors={form.allErrors}
      />
      <h2>{t("pickup.depositSection")}</h2>
      <TextField field={fields.deposit} label={labels.deposit} help={t("pickup.depositHelp")} />
      <SelectField
        field={fields.depositTaken}
        label={labels.depositTaken}
        options={[
          choose,
          ...depositTakenMethods.map((m) => ({ value: m, label: t(`pickup.depositTakenMethods.${m}`) })),
        ]}
      />
      <TextField
        field={fields.depositReference}
        label={labels.depositReference}
        help={t("pickup.depositReferenceHelp")}
      />
      {asks.payment ? (
        <>
          <h2>{t("pickup.paymentSection")}</h2>
          <p>{t("pickup.balance", { amount: formatCents(balanceCents) })}</p>
          {openCardCents ? (
            <p className="notice" role="status">
              {t("pickup.openCard", { amount: formatCents(openCardCents) })}
            </p>
          ) : null}
          <SelectField
            field={fields.payment}
            label={labels.payment}
            options={[choose, ...counterMethods.map((m) => ({ value: m, label: tb(`paymentMethods.${m}`) }))]}
          />
        </>
      ) : null}
      {asks.licence ? (
        <>
          <h2>{t("pickup.licenceSection")}</h2>
          <p className="muted">{t("pickup.licenceHelp")}</p>
          <TextField field={fields.licenceNumber} label={labels.licenceNumber} />
          <TextField field={fields.licenceCountry} label={labels.licenceCountry} />
          <TextField field={fields.licenceExpiresOn} label={labels.licenceExpiresOn} type="date" />
        </>
      ) : null}
      <h2>{t("pickup.signatureSection")}</h2>
      <p className="muted">{t("pickup.signatureHelp")}</p>
      <SignatureField field={fields.signature} />
      <TextField field={fields.signerName} label={labels.signerName} autoComplete="off" />
      <CheckboxField field={fields.agree} label={labels.agree} />
      <SubmitButton pending={pending} pendingLabel={t("pickup.saving")}>
        {t("pickup.submit")}
      </SubmitButton>
    </Form>
  );
}
