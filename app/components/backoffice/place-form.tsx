import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useCallback, useState, type FormEvent } from "react";
import { CheckboxField, SelectField } from "~/components/form-choices";
import { FieldErrors, FieldHelp, FormErrors, helpId, TextAreaField, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { weekdayName, weekdays } from "~/modules/availability/opening-hours";
import {
  dayFields,
  hoursModes,
  placeKinds,
  placeSchema,
  suggestedTimeZones,
  type Position,
} from "~/modules/places/place-form";
import { PlacePicker } from "./place-picker";

/** The form's values as text, the way the fields hold them (a ticked box is "on"). */
export type PlaceFormDefaults = Partial<Record<string, string>>;

const ZONES_LIST_ID = "place-time-zones";

function positionOf(latitude: unknown, longitude: unknown): Position | null {
  const lat = typeof latitude === "string" && latitude.trim() !== "" ? Number(latitude) : NaN;
  const lng = typeof longitude === "string" && longitude.trim() !== "" ? Number(longitude) : NaN;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { latitude: lat, longitude: lng } : null;
}

/** A coordinate field: any decimal (step "any"), bounds as the schema's, its help line below. */
function CoordinateField({
  field,
  label,
  help,
}: {
  field: FieldMetadata<number | undefined>;
  label: string;
  help: string;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        {...getInputProps(field, { type: "number", ariaDescribedBy: helpId(field.id, help) })}
        step="any"
        inputMode="decimal"
      />
      <FieldHelp fieldId={field.id} help={help} />
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </div>
  );
}

/** The place form of /admin/places/new and /admin/places/$placeId: names, address, kind, clock, hours and position. */
export function PlaceForm({
  lastResult,
  defaultValue,
  tileUrl,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: PlaceFormDefaults;
  tileUrl: string;
  submitLabel: string;
}) {
  const { t, i18n } = useTranslation("adminPlaces");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useZodForm(placeSchema, lastResult, { id: "place-form", defaultValue });
  const labels = {
    nameEs: t("form.nameEs"),
    nameEn: t("form.nameEn"),
    nameFr: t("form.nameFr"),
    nameEl: t("form.nameEl"),
    address: t("form.address"),
    kind: t("form.kind"),
    timeZone: t("form.timeZone"),
    counterEs: t("form.counterEs"),
    counterEn: t("form.counterEn"),
    counterFr: t("form.counterFr"),
    counterEl: t("form.counterEl"),
    latitude: t("form.latitude"),
    longitude: t("form.longitude"),
    hoursMode: t("form.hoursMode"),
    ...Object.fromEntries(
      weekdays.flatMap((day) => {
        const names = dayFields(day);
        const weekday = weekdayName(day, i18n.language);
        return [
          [names.open, t("form.dayOpens", { weekday })],
          [names.close, t("form.dayCloses", { weekday })],
        ];
      }),
    ),
    closedDates: t("form.closedDates"),
    outOfHoursFee: t("form.outOfHoursFee"),
  };
  const { update } = form;
  const latitudeName = fields.latitude.name;
  const longitudeName = fields.longitude.name;
  // The marker follows both ways: a pick fills the fields, typing in them moves the marker.
  const [position, setPosition] = useState(() => positionOf(defaultValue.latitude, defaultValue.longitude));
  const pick = useCallback(
    (picked: Position) => {
      setPosition(picked);
      update({ name: latitudeName, value: String(picked.latitude) });
      update({ name: longitudeName, value: String(picked.longitude) });
    },
    [update, latitudeName, longitudeName],
  );
  const typed = (event: FormEvent<HTMLFieldSetElement>) => {
    const elements = event.currentTarget.elements;
    const value = (name: string) => (elements.namedItem(name) as HTMLInputElement | null)?.value;
    setPosition(positionOf(value(latitudeName), value(longitudeName)));
  };
  const timeZoneHelp = t("form.timeZoneHelp");
  return (
    <Form method="post" {...getFormProps(form)} className="stack place-form">
      <FormErrors form={form} labels={labels} />
      <fieldset className="stack">
        <legend>{t("form.names")}</legend>
        <p className="field__help">{t("form.namesHelp")}</p>
        <TextField field={fields.nameEs} label={labels.nameEs} />
        <TextField field={fields.nameEn} label={labels.nameEn} />
        <TextField field={fields.nameFr} label={labels.nameFr} />
        <TextField field={fields.nameEl} label={labels.nameEl} />
      </fieldset>
      <TextField field={fields.address} label={labels.address} autoComplete="street-address" />
      <SelectField
        field={fields.kind}
        label={labels.kind}
        options={[
          { value: "", label: t("form.chooseKind") },
          ...placeKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
        ]}
      />
      <div className="field">
        <label htmlFor={fields.timeZone.id}>{labels.timeZone}</label>
        <input
          {...getInputProps(fields.timeZone, {
            type: "text",
            ariaDescribedBy: helpId(fields.timeZone.id, timeZoneHelp),
          })}
          list={ZONES_LIST_ID}
          autoComplete="off"
          spellCheck={false}
        />
        <datalist id={ZONES_LIST_ID}>
          {suggestedTimeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <FieldHelp fieldId={fields.timeZone.id} help={timeZoneHelp} />
        <FieldErrors id={fields.timeZone.errorId} errors={fields.timeZone.errors} label={labels.timeZone} />
      </div>
      <fieldset className="stack">
        <legend>{t("form.counter")}</legend>
        <p className="field__help">{t("form.counterHelp")}</p>
        <TextAreaField field={fields.counterEs} label={labels.counterEs} rows={3} />
        <TextAreaField field={fields.counterEn} label={labels.counterEn} rows={3} />
        <TextAreaField field={fields.counterFr} label={labels.counterFr} rows={3} />
        <TextAreaField field={fields.counterEl} label={labels.counterEl} rows={3} />
      </fieldset>
      <fieldset className="stack">
        <legend>{t("form.hours")}</legend>
        <p className="field__help">{t("form.hoursHelp")}</p>
        <SelectField
          field={fields.hoursMode}
          label={labels.hoursMode}
          options={hoursModes.map((mode) => ({ value: mode, label: t(`form.hoursModes.${mode}`) }))}
        />
        <div className="opening-hours">
          {weekdays.map((day) => {
            const names = dayFields(day);
            return (
              <fieldset key={day} className="opening-hours__day">
                <legend>{weekdayName(day, i18n.language)}</legend>
                <TextField field={fields[names.open]} label={t("form.opens")} type="time" />
                <TextField field={fields[names.close]} label={t("form.closes")} type="time" />
                <CheckboxField field={fields[names.closed]} label={t("form.closedDay")} />
              </fieldset>
            );
          })}
        </div>
        <TextAreaField
          field={fields.closedDates}
          label={labels.closedDates}
          help={t("form.closedDatesHelp")}
          rows={4}
        />
        <TextField
          field={fields.outOfHoursFee}
          label={labels.outOfHoursFee}
          help={t("form.outOfHoursFeeHelp")}
          inputMode="decimal"
        />
      </fieldset>
      <fieldset className="stack" onInput={typed}>
        <legend>{t("form.position")}</legend>
        <div className="place-form__coordinates">
          <CoordinateField field={fields.latitude} label={labels.latitude} help={t("form.latitudeHelp")} />
          <CoordinateField field={fields.longitude} label={labels.longitude} help={t("form.longitudeHelp")} />
        </div>
        <PlacePicker position={position} tileUrl={tileUrl} onPick={pick} />
      </fieldset>
      <button type="submit" name="intent" value="save" className="button" disabled={pending} aria-busy={pending}>
        {pending ? t("form.saving") : submitLabel}
      </button>
    </Form>
  );
}
