import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { CheckboxField, SelectField } from "~/components/form-choices";
import { FieldErrors, FieldHelp, FormErrors, helpId, SubmitButton, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { availabilities, carFormSchema, mileageKinds } from "~/modules/fleet/car-form";
import { excessField, optionKindField, optionKinds, optionPriceField } from "~/modules/fleet/car-options";
import { carCategories, fuelPolicies, fuelTypes, gearboxes } from "~/modules/catalogue/car-enums";
import { useTranslation } from "~/modules/i18n/react";
import { isProtection } from "~/modules/pricing/cover";
import { depositMethods, optionKeys, type OptionKey } from "~/modules/pricing/pricing";

type Choice = { id: number; name: string };

export type CarFormProps = {
  /** A new car (its picture required) or an edit (the current picture kept unless replaced). */
  mode: "create" | "edit";
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: Record<string, string | string[] | undefined>;
  /** The suppliers an admin chooses from; empty for supplier staff, whose cars are their supplier's. */
  suppliers: Choice[];
  /** For staff: the supplier their car belongs to, shown rather than asked. */
  supplierName: string | null;
  locations: Choice[];
  /** The stored picture (editing). */
  image: { src: string; alt: string } | null;
};

/** An option is flat (cancellation, charged once) or per day; the form says which. */
const isFlat = (key: OptionKey) => key === "cancellation";

/**
 * Every field of a car (docs/domain.md#fleet), as one multipart form that works without
 * JavaScript; with it, the same schema checks before sending.
 */
export function CarForm({ mode, lastResult, defaultValue, suppliers, supplierName, locations, image }: CarFormProps) {
  const { t } = useTranslation("adminCars");
  const pickSupplier = suppliers.length > 0;
  const schema = useMemo(() => carFormSchema({ pickSupplier, imageRequired: mode === "create" }), [pickSupplier, mode]);
  // Errors clear as fields change (not on leaving them): on blur the summary above would shrink
  // under the pointer between pressing and releasing the submit button, and the click would miss it.
  const [form, fields] = useZodForm(schema, lastResult, { id: "car-form", defaultValue });
  const navigation = useNavigation();
  const option = (key: OptionKey) => t(`catalogue:options.${key}`);
  const priceLabel = (key: OptionKey) =>
    t(isFlat(key) ? "option.priceLabelFlat" : "option.priceLabelPerDay", { option: option(key) });
  const excessLabel = (key: OptionKey) => t("option.excessLabel", { option: option(key) });

  // In the order of the form, for the "Please fill in the fields: …" line.
  const labels: Record<string, string> = {
    name: t("form.name"),
    plate: t("form.plate"),
    vin: t("form.vin"),
    colour: t("form.colour"),
    year: t("form.year"),
    ...(pickSupplier ? { supplierId: t("form.supplier") } : {}),
    dailyPrice: t("form.dailyPrice"),
    weeklyDailyPrice: t("form.weeklyDailyPrice"),
    monthlyDailyPrice: t("form.monthlyDailyPrice"),
    deposit: t("form.deposit"),
    depositMethod: t("form.depositMethod"),
    payLaterFeePercent: t("form.payLaterFee"),
    minimumAge: t("form.minimumAge"),
    youngDriverFee: t("form.youngDriverFee"),
    ...Object.fromEntries(
      optionKeys.flatMap((key) => [
        [optionKindField(key), option(key)],
        [optionPriceField(key), priceLabel(key)],
        ...(isProtection(key) ? [[excessField(key), excessLabel(key)]] : []),
      ]),
    ),
    seats: t("form.seats"),
    doors: t("form.doors"),
    category: t("form.category"),
    bags: t("form.bags"),
    fuelType: t("form.fuelType"),
    gearbox: t("form.gearbox"),
    fuelPolicy: t("form.fuelPolicy"),
    mileageKind: t("form.mileage"),
    mileageKm: t("form.mileageKm"),
    extraKm: t("form.extraKm"),
    availability: t("form.availability"),
    locationIds: t("form.places"),
    image: t("form.image"),
  };
  const choose = { value: "", label: t("form.choose") };
  const pending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack car-form">
      <FormErrors form={form} labels={labels} />

      <fieldset className="card stack">
        <legend>{t("form.general")}</legend>
        <TextField field={fields.name} label={labels.name} />
        {pickSupplier ? (
          <SelectField
            field={fields.supplierId}
            label={t("form.supplier")}
            options={[
              { value: "", label: t("form.chooseSupplier") },
              ...suppliers.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
          />
        ) : supplierName ? (
          <p>{t("form.supplierFixed", { name: supplierName })}</p>
        ) : null}
        <SelectField
          field={fields.availability}
          label={labels.availability}
          options={availabilities.map((value) => ({ value, label: t(`availability.${value}`) }))}
        />
        <p className="field__help">{t("form.availabilityHelp")}</p>
      </fieldset>

      <fieldset className="card stack">
        <legend>{t("form.identity")}</legend>
        <div className="car-form__grid">
          <TextField field={fields.plate} label={labels.plate} autoComplete="off" help={t("form.plateHelp")} />
          <TextField field={fields.vin} label={labels.vin} autoComplete="off" help={t("form.vinHelp")} />
          <TextField field={fields.colour} label={labels.colour} autoComplete="off" />
          <TextField field={fields.year} label={labels.year} type="number" />
        </div>
      </fieldset>

      <fieldset className="card stack">
        <legend>{t("form.prices")}</legend>
        <MoneyField field={fields.dailyPrice} label={labels.dailyPrice} help={t("form.moneyHelp")} />
        <MoneyField field={fields.weeklyDailyPrice} label={labels.weeklyDailyPrice} help={t("form.weeklyHelp")} />
        <MoneyField field={fields.monthlyDailyPrice} label={labels.monthlyDailyPrice} help={t("form.monthlyHelp")} />
        <MoneyField field={fields.deposit} label={labels.deposit} help={t("form.moneyHelp")} />
        <SelectField
          field={fields.depositMethod}
          label={labels.depositMethod}
          options={depositMethods.map((value) => ({ value, label: t(`price:result.methods.${value}`) }))}
        />
        <TextField
          field={fields.payLaterFeePercent}
          label={labels.payLaterFeePercent}
          type="number"
          help={t("form.payLaterFeeHelp")}
        />
        <TextField field={fields.minimumAge} label={labels.minimumAge} type="number" help={t("form.minimumAgeHelp")} />
        <MoneyField field={fields.youngDriverFee} label={labels.youngDriverFee} help={t("form.youngDriverFeeHelp")} />
      </fieldset>

      <fieldset className="card stack">
        <legend>{t("form.options")}</legend>
        <p className="field__help">{t("form.optionsHelp")}</p>
        <div className="car-form__options">
          {optionKeys.map((key) => (
            <OptionField
              key={key}
              option={key}
              kind={fields[optionKindField(key)]}
              price={fields[optionPriceField(key)]}
              legend={option(key)}
              priceLabel={priceLabel(key)}
              excess={isProtection(key) ? { field: fields[excessField(key)], label: excessLabel(key) } : null}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="card stack">
        <legend>{t("form.specs")}</legend>
        <div className="car-form__grid">
          <TextField field={fields.seats} label={labels.seats} type="number" />
          <TextField field={fields.doors} label={labels.doors} type="number" />
          <SelectField
            field={fields.category}
            label={labels.category}
            options={[choose, ...carCategories.map((value) => ({ value, label: t(`catalogue:category.${value}`) }))]}
          />
          <TextField field={fields.bags} label={labels.bags} type="number" help={t("form.bagsHelp")} />
          <SelectField
            field={fields.fuelType}
            label={labels.fuelType}
            options={[choose, ...fuelTypes.map((value) => ({ value, label: t(`catalogue:fuel.${value}`) }))]}
          />
          <SelectField
            field={fields.gearbox}
            label={labels.gearbox}
            options={[choose, ...gearboxes.map((value) => ({ value, label: t(`catalogue:gearbox.${value}`) }))]}
          />
          <SelectField
            field={fields.fuelPolicy}
            label={labels.fuelPolicy}
            options={[choose, ...fuelPolicies.map((value) => ({ value, label: t(`catalogue:fuelPolicy.${value}`) }))]}
          />
        </div>
        <CheckboxField field={fields.aircon} label={t("form.aircon")} />
        <CheckboxField field={fields.orSimilar} label={t("form.orSimilar")} help={t("form.orSimilarHelp")} />
        <fieldset className="car-form__choice">
          <legend>{labels.mileageKind}</legend>
          <Radios
            field={fields.mileageKind}
            values={mileageKinds}
            label={(value) => t(value === "limited" ? "form.mileageLimited" : "form.mileageUnlimited")}
          />
          <FieldErrors id={fields.mileageKind.errorId} errors={fields.mileageKind.errors} label={labels.mileageKind} />
          <TextField field={fields.mileageKm} label={labels.mileageKm} type="number" help={t("form.mileageKmHelp")} />
          <MoneyField field={fields.extraKm} label={labels.extraKm} help={t("form.extraKmHelp")} />
        </fieldset>
      </fieldset>

      <fieldset className="card stack" aria-describedby="car-places-help">
        <legend>{labels.locationIds}</legend>
        <p className="field__help" id="car-places-help">
          {t("form.placesHelp")}
        </p>
        <div className="car-form__places">
          {getCollectionProps(fields.locationIds, {
            type: "checkbox",
            options: locations.map((l) => String(l.id)),
          }).map(({ key, ...props }, index) => (
            <div className="checkbox" key={key}>
              <input {...props} />
              <label htmlFor={props.id}>{locations[index].name}</label>
            </div>
          ))}
        </div>
        <FieldErrors id={fields.locationIds.errorId} errors={fields.locationIds.errors} label={labels.locationIds} />
      </fieldset>

      <fieldset className="card stack">
        <legend>{t("form.picture")}</legend>
        {image ? <img className="car-form__image" src={image.src} alt={image.alt} width={300} height={200} /> : null}
        <ImageField
          field={fields.image}
          label={labels.image}
          help={t(mode === "create" ? "form.imageHelp" : "form.imageReplaceHelp")}
        />
      </fieldset>

      <div className="actions">
        <SubmitButton pending={pending} pendingLabel={t("form.saving")}>
          {mode === "create" ? t("form.create") : t("admin:common.save")}
        </SubmitButton>
        <Link to="/admin/cars">{t("form.backToList")}</Link>
      </div>
    </Form>
  );
}

/** Dollars typed as text ("45.50"): a number input would refuse "$45" and show a spinner. */
function MoneyField({ field, label, help }: { field: FieldMetadata<string | undefined>; label: string; help: string }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        {...getInputProps(field, { type: "text", ariaDescribedBy: helpId(field.id, help) })}
        inputMode="decimal"
        autoComplete="off"
      />
      <FieldHelp fieldId={field.id} help={help} />
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </div>
  );
}

/** Not `required` in HTML, so that without JavaScript the server's "Please add an image" is what a person reads. */
function ImageField({ field, label, help }: { field: FieldMetadata<File | undefined>; label: string; help: string }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        {...getInputProps(field, { type: "file", ariaDescribedBy: helpId(field.id, help) })}
        required={false}
        accept="image/*"
      />
      <FieldHelp fieldId={field.id} help={help} />
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </div>
  );
}

function Radios<T extends string>({
  field,
  values,
  label,
}: {
  field: FieldMetadata<T | undefined>;
  values: readonly T[];
  label: (value: T) => string;
}) {
  return (
    <div className="car-form__radios">
      {getCollectionProps(field, { type: "radio", options: [...values] }).map(({ key, ...props }) => (
        <div className="checkbox" key={key}>
          <input {...props} />
          <label htmlFor={props.id}>{label(props.value as T)}</label>
        </div>
      ))}
    </div>
  );
}

/**
 * One option: not offered, included, or at a price, per day or once. With JavaScript, typing a
 * price chooses "at a price"; without it, a price is read only when that choice is made.
 */
function OptionField({
  option,
  kind,
  price,
  legend,
  priceLabel,
  excess,
}: {
  option: OptionKey;
  kind: FieldMetadata<(typeof optionKinds)[number] | undefined>;
  price: FieldMetadata<string | undefined>;
  legend: string;
  priceLabel: string;
  /** A protection's excess (docs/domain.md#cover), asked whenever the option is offered. */
  excess: { field: FieldMetadata<string | undefined>; label: string } | null;
}) {
  const { t } = useTranslation("adminCars");
  const meaning = t(isFlat(option) ? "option.flat" : "option.perDay");
  const radios = getCollectionProps(kind, { type: "radio", options: [...optionKinds] });
  const priced = radios.find((radio) => radio.value === "price");
  return (
    <fieldset className="car-form__choice">
      <legend>{legend}</legend>
      <p className="field__help">{meaning}</p>
      <div className="car-form__radios">
        {radios.map(({ key, ...props }) => (
          <div className="checkbox" key={key}>
            <input {...props} />
            <label htmlFor={props.id}>{t(`option.${props.value}`)}</label>
          </div>
        ))}
      </div>
      <FieldErrors id={kind.errorId} errors={kind.errors} label={legend} />
      <div className="field">
        <label htmlFor={price.id}>{priceLabel}</label>
        <input
          {...getInputProps(price, { type: "text" })}
          inputMode="decimal"
          autoComplete="off"
          onInput={(event) => {
            const radio = priced ? document.getElementById(priced.id) : null;
            if (radio instanceof HTMLInputElement && event.currentTarget.value.trim() !== "") radio.checked = true;
          }}
        />
        <FieldErrors id={price.errorId} errors={price.errors} label={priceLabel} />
      </div>
      {excess ? <MoneyField field={excess.field} label={excess.label} help={t("option.excessHelp")} /> : null}
    </fieldset>
  );
}
