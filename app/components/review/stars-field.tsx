import type { CSSProperties } from "react";
import type { FormField } from "~/components/field-props";
import { FieldErrors } from "~/components/form-errors";
import { formatScore } from "~/modules/catalogue/supplier-score";
import { useTranslation } from "~/modules/i18n/react";

const choices = ["1", "2", "3", "4", "5"] as const;

/**
 * One to five stars as a real radio group (docs/domain.md#reviews): a fieldset named by its
 * legend, each choice a radio with its own label ("4 stars"), so it works without JavaScript,
 * with a keyboard and with a screen reader.
 */
export function StarsField({ field, legend }: { field: FormField; legend: string }) {
  const { t } = useTranslation("reviews");
  const invalid = field.errors !== undefined;
  return (
    <fieldset className="stars" aria-describedby={invalid ? field.errorId : undefined}>
      <legend>{legend}</legend>
      <div className="stars__choices">
        {choices.map((value) => {
          const id = `${field.id}-${value}`;
          return (
            <span key={value} className="stars__choice">
              <input
                type="radio"
                id={id}
                name={field.name}
                form={field.formId}
                value={value}
                required={field.required || undefined}
                defaultChecked={field.initialValue === value}
                aria-invalid={invalid || undefined}
              />
              <label htmlFor={id}>{t("stars", { count: Number(value) })}</label>
            </span>
          );
        })}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} label={legend} />
    </fieldset>
  );
}

/**
 * Stars given, read as "4 out of 5" beside their aspect; an average as "4.3 out of 5". The five
 * stars are filled to the value's share of their width (4.3 → 86 %), not to the nearest star.
 */
export function StarsRead({ label, value }: { label: string; value: number }) {
  const { t } = useTranslation("reviews");
  return (
    <div className="stars-read">
      <dt>{label}</dt>
      <dd>
        <span aria-hidden="true" className="stars-read__glyphs" style={starsFill(value)}>
          ★★★★★
        </span>{" "}
        {t("outOfFive", { value: Number.isInteger(value) ? value : formatScore(value) })}
      </dd>
    </div>
  );
}

/** The share of the five stars drawn filled, as the glyphs' gradient reads it (app/styles/booking.css). */
const starsFill = (value: number) => ({ "--fill": `${(value / 5) * 100}%` }) as CSSProperties;
