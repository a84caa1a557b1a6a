import { checkboxGroupProps, type FormField } from "~/components/field-props";
import { FieldErrors } from "~/components/forms";
import { choosableOptions } from "~/modules/booking/checkout-form";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { optionKeys, optionState, type OptionKey } from "~/modules/pricing/pricing";

/**
 * The car's options: included ones as "Included", priced ones as checkboxes with their
 * price per day (cancellation: once); options the car does not offer are not shown.
 */
export function OptionChoices({ field, options }: { field: FormField; options: Record<OptionKey, number> }) {
  const { t } = useTranslation("booking");
  const choosable = choosableOptions({ options });
  const included = optionKeys.filter((key) => optionState(key, options[key]).kind === "included");
  const boxes = checkboxGroupProps(field, choosable);
  const label = t("options.title");
  if (!choosable.length && !included.length) return null;
  return (
    <fieldset className="stack">
      <legend>{label}</legend>
      {included.map((key) => (
        <p key={key}>
          {t(`catalogue:options.${key}`)}: <strong>{t("options.included")}</strong>
        </p>
      ))}
      {boxes.map((props) => {
        const key = props.value;
        const state = optionState(key, options[key]);
        const price = formatCents(state.kind === "perDay" || state.kind === "flat" ? state.cents : 0);
        return (
          <div className="checkbox" key={key}>
            <input {...props} />
            <label htmlFor={props.id}>
              {t(`catalogue:options.${key}`)} (
              {state.kind === "flat" ? t("options.flat", { price }) : t("options.perDay", { price })})
            </label>
          </div>
        );
      })}
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </fieldset>
  );
}
