import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { InspectionFields } from "~/components/counter/inspection-fields";
import { SelectField } from "~/components/form-choices";
import { FieldErrors, FormErrors, SubmitButton, TextField } from "~/components/forms";
import { FinalBillTable } from "~/components/counter/final-bill-table";
import { useZodForm } from "~/components/use-zod-form";
import { requireBackOffice } from "~/modules/access/staff.server";
import { parseDollars } from "~/modules/forms/money";
import { placeNameKey } from "~/modules/i18n/place-name";
import { useTranslation } from "~/modules/i18n/react";
import { privatePageMeta } from "~/modules/http/meta";
import { computeFinalBill, type FinalBill } from "~/modules/pricing/final-bill";
import { fuelEighths } from "~/modules/counter/pickup";
import {
  billInput,
  DAMAGE_NOTE_MAX,
  DAMAGE_ROWS,
  DAMAGES_MAX,
  returnSchema,
  type ReturnFacts,
} from "~/modules/counter/return";
import { readFormWithFiles } from "~/modules/http/form-data.server";
import { processInspectionPhotos } from "~/modules/counter/inspection.server";
import { loadReturn, recordReturn } from "~/modules/counter/return.server";
import { instantToLocal, localToInstant, wallClockLabel } from "~/modules/time/zoned-time";
import { toastHeader } from "~/utils/toast.server";
import { bookingIdParam, notFound } from "~/modules/http/not-found";
import { stylesheets } from "~/components/stylesheets";
import bookingStyles from "~/styles/booking.css?url";

export const links = stylesheets(bookingStyles);

export const meta = privatePageMeta;

/**
 * /admin/counter/return?b=<id>: the return of one booking's car at the counter
 * (docs/domain.md#return), for staff of the booking's supplier and admins, while the car is out;
 * anyone else, and a booking not out, gets the 404 of a missing booking.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const found = await loadReturn(user, bookingIdParam(request));
  if (!found) throw notFound();
  const { detail, facts, timeZone, pickupMarks } = found;
  const { booking, car, driver, dropoff, rental } = detail;
  return {
    title: `${context.t("adminDashboard:return.title", { reference: booking.reference })} · Rueda`,
    booking: {
      id: booking.id,
      reference: booking.reference,
      endsAt: wallClockLabel(booking.endsAt, timeZone),
      pickedUpAt: rental ? wallClockLabel(rental.pickedUpAt, detail.pickup.timeZone) : "",
    },
    car: car.name,
    driver: driver.fullName,
    place: { name: dropoff[placeNameKey(context.language)], timeZone },
    facts,
    pickupMarks,
    now: instantToLocal(new Date(), timeZone),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireBackOffice(request, context);
  const id = bookingIdParam(request);
  // Out of scope, or the car not out: the 404 before any photo is read (docs/security.md#uploads).
  if (!(await loadReturn(user, id))) throw notFound();
  // Multipart: the inspection's photos come with the form (docs/domain.md#inspection).
  const submission = parseForm(await readFormWithFiles(request), { schema: returnSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const processed = await processInspectionPhotos(submission.value.photos);
  if (!processed.ok)
    return json({ result: submission.reply({ fieldErrors: { photos: [processed.message] } }) }, { status: 400 });
  const done = await recordReturn(user, id, submission.value, undefined, processed.photos);
  switch (done.outcome) {
    case "notFound":
      throw notFound();
    case "returned":
      return redirect(`/booking?b=${id}`, {
        headers: { "Set-Cookie": await toastHeader({ type: "success", message: "adminDashboard:return.done" }) },
      });
    case "notOut":
      // Returned meanwhile (another post won): this page is gone, the booking says what was recorded.
      return redirect(`/booking?b=${id}`, {
        headers: {
          "Set-Cookie": await toastHeader({ type: "error", message: "adminDashboard:return.errors.notOut" }),
        },
      });
    case "refused":
      return json(
        {
          result: submission.reply({
            formErrors: [done.message],
            fieldErrors: done.field ? { [done.field]: [done.message] } : {},
          }),
        },
        { status: 400 },
      );
  }
}

export default function ReturnPage() {
  const { t } = useTranslation("adminDashboard");
  const { booking, car, driver, place } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow stack pickup">
      <p>
        <Link to={`/booking?b=${booking.id}`}>{t("pickup.back")}</Link>
      </p>
      <h1>{t("return.title", { reference: booking.reference })}</h1>
      <dl className="details card">
        <dt>{t("pickup.driver")}</dt>
        <dd>{driver}</dd>
        <dt>{t("pickup.car")}</dt>
        <dd>{car}</dd>
        <dt>{t("return.pickedUp")}</dt>
        <dd>{booking.pickedUpAt}</dd>
        <dt>{t("return.due")}</dt>
        <dd>
          {place.name} — {booking.endsAt} ({place.timeZone})
        </dd>
      </dl>
      <ReturnForm />
    </section>
  );
}

/** What the browser's bill reads from the form as it is typed; null while a field is not a number yet. */
function previewBill(facts: ReturnFacts, zone: string, form: HTMLFormElement): FinalBill | null {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const returnedAt = localToInstant(text("returnedAt"), zone);
  if (!/^\d{1,7}$/.test(text("odometer")) || text("fuel") === "" || !returnedAt) return null;
  const damages = [];
  for (let i = 0; i < DAMAGES_MAX; i++) {
    const cents = parseDollars(text(`damages[${i}].amount`));
    const note = text(`damages[${i}].note`);
    if (cents && note) damages.push({ amountCents: cents, note });
  }
  try {
    return computeFinalBill(
      billInput(facts, {
        returnedAt,
        odometerInKm: Number(text("odometer")),
        fuelInEighths: Number(text("fuel")),
        damages,
      }),
    );
  } catch {
    // What the bill refuses is said by the server next to the field; the preview just waits.
    return null;
  }
}

function ReturnForm() {
  const { t } = useTranslation("adminDashboard");
  const { facts, now, place, pickupMarks } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(returnSchema, actionData?.result, {
    id: "return-form",
    defaultValue: { returnedAt: now },
  });
  // Rows of damage: a fixed few without JavaScript; with it, "Add damage" adds more.
  const posted = actionData?.result.initialValue?.damages;
  const [rows, setRows] = useState(Math.max(DAMAGE_ROWS, Array.isArray(posted) ? posted.length : 0));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [bill, setBill] = useState<FinalBill | null>(null);
  const refresh = (event: FormEvent<HTMLFormElement>) =>
    setBill(previewBill(facts, place.timeZone, event.currentTarget));
  const labels: Record<string, string> = {
    odometer: t("pickup.odometer"),
    fuel: t("return.fuel"),
    returnedAt: t("return.returnedAt"),
    photos: t("inspection.photos"),
  };
  // The damage rows' fields too, so the summary above the form counts their errors.
  for (let i = 0; i < rows; i++) {
    labels[`damages[${i}].amount`] = t("return.damageAmount", { row: i + 1 });
    labels[`damages[${i}].note`] = t("return.damageNote", { row: i + 1 });
  }
  const damageValue = (i: number, key: "amount" | "note") => {
    const row = Array.isArray(posted) ? (posted[i] as Record<string, unknown> | undefined) : undefined;
    return typeof row?.[key] === "string" ? row[key] : "";
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="stack card"
      onInput={refresh}
      onChange={refresh}
    >
      <FormErrors form={form} labels={labels} />
      <h2>{t("pickup.carSection")}</h2>
      <TextField field={fields.odometer} label={labels.odometer} help={t("return.odometerHelp")} />
      <SelectField
        field={fields.fuel}
        label={labels.fuel}
        options={[
          { value: "", label: t("pickup.choose") },
          ...fuelEighths.map((n) => ({
            value: String(n),
            label: t(n === 8 ? "pickup.fuelFull" : "pickup.fuelLevel", { level: n }),
          })),
        ]}
      />
      <div className="field">
        <label htmlFor={fields.returnedAt.id}>{labels.returnedAt}</label>
        <input
          id={fields.returnedAt.id}
          name={fields.returnedAt.name}
          type="datetime-local"
          required
          defaultValue={fields.returnedAt.initialValue ?? now}
          aria-invalid={fields.returnedAt.errors ? true : undefined}
          aria-describedby={`${fields.returnedAt.id}-help${fields.returnedAt.errors ? ` ${fields.returnedAt.errorId}` : ""}`}
        />
        <p className="field__help" id={`${fields.returnedAt.id}-help`}>
          {t("return.returnedAtHelp", { zone: place.timeZone })}
        </p>
        <FieldErrors id={fields.returnedAt.errorId} errors={fields.returnedAt.errors} label={labels.returnedAt} />
      </div>
      <InspectionFields
        formId={form.id}
        photos={fields.photos}
        initialMarks={form.initialValue?.marks}
        errors={form.allErrors}
        pickupMarks={pickupMarks}
      />
      <h2>{t("return.damageSection")}</h2>
      <p className="muted">{t("return.damageHelp")}</p>
      {Array.from({ length: rows }, (_, i) => {
        const amountName = `damages[${i}].amount`;
        const noteName = `damages[${i}].note`;
        const amountLabel = labels[amountName];
        const noteLabel = labels[noteName];
        return (
          <fieldset key={i} className="stack return__damage">
            <legend>{t("return.damage", { row: i + 1 })}</legend>
            <div className="field">
              <label htmlFor={`return-damage-${i}-amount`}>{amountLabel}</label>
              <input
                id={`return-damage-${i}-amount`}
                name={amountName}
                inputMode="decimal"
                defaultValue={damageValue(i, "amount")}
                aria-invalid={form.allErrors[amountName] ? true : undefined}
              />
              <FieldErrors
                id={`return-damage-${i}-amount-error`}
                errors={form.allErrors[amountName]}
                label={amountLabel}
              />
            </div>
            <div className="field">
              <label htmlFor={`return-damage-${i}-note`}>{noteLabel}</label>
              <input
                id={`return-damage-${i}-note`}
                name={noteName}
                maxLength={DAMAGE_NOTE_MAX}
                defaultValue={damageValue(i, "note")}
                aria-invalid={form.allErrors[noteName] ? true : undefined}
              />
              <FieldErrors id={`return-damage-${i}-note-error`} errors={form.allErrors[noteName]} label={noteLabel} />
            </div>
          </fieldset>
        );
      })}
      {hydrated && rows < DAMAGES_MAX ? (
        <button type="button" onClick={() => setRows(rows + 1)}>
          {t("return.addDamage")}
        </button>
      ) : null}
      {bill ? (
        <section className="notice" aria-live="polite">
          <FinalBillTable bill={bill} caption={t("return.preview")} />
        </section>
      ) : null}
      <SubmitButton pending={pending} pendingLabel={t("pickup.saving")}>
        {t("return.submit")}
      </SubmitButton>
    </Form>
  );
}
