import { checkboxGroupProps, type FormField } from "~/components/field-props";
import { FieldErrors } from "~/components/forms";
import { choosableOptions } from "~/modules/booking/checkout-form";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { coverHelp, type Excess } from "~/modules/pricing/cover";
import { optionKeys, optionState, type OptionKey } from "~/modules/pricing/pricing";

/**
 * The car's options: included ones as "Included", priced ones as checkboxes with their
 * price per day (cancellation: once); options the car does not offer are not shown. Protections
 * and cancellation say what they buy, the protections with their excess (docs/domain.md#cover).
 */
export function OptionChoices({
  field,
  options,
  excess,
}: {
  field: FormField;
  options: Record<OptionKey, number>;
  excess: Excess;
}) {
  const { t } = useTranslation("booking");
  const choosable = choosableOptions({ options });
  const included = optionKeys.filter((key) => optionState(key, options[key]).kind === "included");
  const boxes = checkboxGroupProps(field, choosable);
  const label = t("options.title");
  if (!choosable.length && !included.length) return null;
  return (
    <fieldset className="stack">
      <legend>{label}</legend>
      {included.map((key) => {
        const help = coverHelp(t, formatCents, key, excess);
        return (
          <div key={key}>
            <p>
              {t("common:labelled", { label: t(`catalogue:options.${key}`) })} <strong>{t("options.included")}</strong>
            </p>
            {help ? <p className="field__help">{help}</p> : null}
          </div>
        );
      })}
      {boxes.map((props) => {
        const key = props.value;
        const state = optionState(key, options[key]);
        const price = formatCents(state.kind === "perDay" || state.kind === "flat" ? state.cents : 0);
        const help = coverHelp(t, formatCents, key, excess);
        const helpId = `${props.id}-help`;
        return (
          <div key={key}>
            <div className="checkbox">
              <input
                {...props}
                aria-describedby={
                  help ? [props["aria-describedby"], helpId].filter(Boolean).join(" ") : props["aria-describedby"]
                }
              />
              <label htmlFor={props.id}>
                {t(`catalogue:options.${key}`)} (
                {state.kind === "flat" ? t("options.flat", { price }) : t("options.perDay", { price })})
              </label>
            </div>
            {help ? (
              <p className="field__help" id={helpId}>
                {help}
              </p>
            ) : null}
          </div>
        );
      })}
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </fieldset>
  );
}
