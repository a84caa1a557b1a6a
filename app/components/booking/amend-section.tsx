import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { SelectField } from "~/components/form-choices";
import { FormErrors, TextField } from "~/components/forms";
import { PriceLines } from "~/components/price/price-lines";
import { useZodForm } from "~/components/use-zod-form";
import { amendSchema } from "~/modules/booking/amend-schema";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { coverHelp } from "~/modules/pricing/cover";
import type { PriceBreakdown } from "~/modules/pricing/pricing";
import type { BookingPage } from "~/modules/counter/booking-page.server";

type Props = Pick<BookingPage, "amend" | "booking"> & {
  lastResult: SubmissionResult<string[]> | undefined;
  /** The new price the server previewed, nothing saved yet (docs/domain.md#amendment-preview). */
  preview: { breakdown: PriceBreakdown; changed: boolean } | null;
};

/** The driver changes the booking themselves: preview the new price, then save (docs/domain.md#cancellation). */
export function AmendSection({ amend, booking, lastResult, preview }: Props) {
  const { t } = useTranslation("bookings");
  const [form, fields] = useZodForm(amendSchema, lastResult, {
    id: "amend-form",
    defaultValue: amend?.values,
    shouldRevalidate: "onBlur",
  });
  // A field changed after the preview: its price no longer holds, so it cannot be confirmed (with JS;
  // without it, the server previews again when the total differs from the one shown).
  const [stale, setStale] = useState(false);
  useEffect(() => setStale(false), [preview]);
  if (!amend) return null;
  const posted = lastResult?.initialValue?.options;
  const chosen = posted === undefined ? (lastResult ? [] : amend.values.options) : [posted].flat().map(String);
  const labels = {
    pickUp: t("amend.pickUp"),
    dropOff: t("amend.dropOff"),
    pickupLocationId: t("detail.pickup"),
    dropoffLocationId: t("detail.dropoff"),
    additionalDriverName: t("amend.driverName"),
    additionalDriverEmail: t("amend.driverEmail"),
    additionalDriverPhone: t("amend.driverPhone"),
    additionalDriverBirthDate: t("amend.driverBirthDate"),
  };
  return (
    <section className="card stack" id="edit" aria-labelledby="edit-title">
      <h2 id="edit-title">{t("amend.title")}</h2>
      <p className="muted">{t("amend.help")}</p>
      <Form method="post" {...getFormProps(form)} className="stack" onChange={() => setStale(true)}>
        <FormErrors form={form} labels={labels} />
        <div className="field">
          <label htmlFor={fields.pickUp.id}>{labels.pickUp}</label>
          <input {...getInputProps(fields.pickUp, { type: "datetime-local" })} />
        </div>
        <div className="field">
          <label htmlFor={fields.dropOff.id}>{labels.dropOff}</label>
          <input {...getInputProps(fields.dropOff, { type: "datetime-local" })} />
        </div>
        <SelectField field={fields.pickupLocationId} label={labels.pickupLocationId} options={amend.places} />
        <SelectField field={fields.dropoffLocationId} label={labels.dropoffLocationId} options={amend.places} />
        <fieldset>
          <legend>{t("amend.options")}</legend>
          {amend.options.map((key) => {
            const help = coverHelp(t, formatCents, key, amend.excess);
            return (
              <div key={key}>
                <div className="checkbox">
                  <input
                    type="checkbox"
                    id={`amend-option-${key}`}
                    name={fields.options.name}
                    value={key}
                    defaultChecked={chosen.includes(key)}
                    aria-describedby={help ? `amend-option-${key}-help` : undefined}
                  />
                  <label htmlFor={`amend-option-${key}`}>{t(`catalogue:options.${key}`)}</label>
                </div>
                {help ? (
                  <p className="field__help" id={`amend-option-${key}-help`}>
                    {help}
                  </p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
        <TextField field={fields.additionalDriverName} label={labels.additionalDriverName} />
        <TextField field={fields.additionalDriverEmail} label={labels.additionalDriverEmail} type="email" />
        <TextField field={fields.additionalDriverPhone} label={labels.additionalDriverPhone} type="tel" />
        <TextField field={fields.additionalDriverBirthDate} label={labels.additionalDriverBirthDate} type="date" />
        {preview && !stale ? (
          // docs/domain.md#amendment-preview: the new price, shown before anything is saved.
          <section className="notice stack" aria-labelledby="amend-preview-title" role="status">
            <h3 id="amend-preview-title">{t("price:amend.previewTitle")}</h3>
            <p>{t("price:amend.previewHelp")}</p>
            <p>{t("price:amend.current", { amount: formatCents(booking.priceCents) })}</p>
            <PriceLines
              breakdown={preview.breakdown}
              deposit={preview.breakdown.deposit}
              totalTestId="amend-total"
              storedRate={booking.bolivarRate}
            />
            <input type="hidden" name="expectedTotal" value={preview.breakdown.totalCents} />
          </section>
        ) : null}
        <div className="row">
          {/* First, so Enter in a field previews rather than saves. */}
          <button type="submit" name="intent" value="amend-preview">
            {t("price:amend.preview")}
          </button>
          {preview && !stale ? (
            <button type="submit" name="intent" value="amend">
              {t("amend.save")}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
