import type { FieldMetadata } from "@conform-to/react";
import { CheckboxField, SelectField } from "~/components/form-choices";
import { TextField } from "~/components/forms";
import { useTranslation } from "~/modules/i18n/react";

type Field = FieldMetadata<unknown>;
type Keys =
  | "zelle"
  | "zelleEmail"
  | "zelleHolder"
  | "bankTransfer"
  | "transferBank"
  | "transferAccount"
  | "transferHolder"
  | "transferRif";

/**
 * The settings' Zelle and bank transfer accounts, each with its switch (docs/domain.md#transfers):
 * on, the method is offered at checkout and on the payment page, and its account is required.
 */
export function TransferFieldsets({
  fields,
  labels,
  banks,
}: {
  fields: Record<Keys, Field>;
  labels: Record<Exclude<Keys, "zelle" | "bankTransfer">, string>;
  banks: Array<{ code: string; name: string }>;
}) {
  const { t } = useTranslation("adminSettings");
  return (
    <>
      <fieldset className="card stack">
        <legend>{t("zelleTitle")}</legend>
        <CheckboxField field={fields.zelle} label={t("fields.zelle")} help={t("fields.zelleHelp")} />
        <TextField field={fields.zelleEmail} label={labels.zelleEmail} type="email" autoComplete="off" />
        <TextField field={fields.zelleHolder} label={labels.zelleHolder} autoComplete="off" />
      </fieldset>
      <fieldset className="card stack">
        <legend>{t("transferTitle")}</legend>
        <CheckboxField
          field={fields.bankTransfer}
          label={t("fields.bankTransfer")}
          help={t("fields.bankTransferHelp")}
        />
        <SelectField
          field={fields.transferBank}
          label={labels.transferBank}
          options={[
            { value: "", label: t("fields.chooseBank") },
            ...banks.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` })),
          ]}
        />
        <TextField field={fields.transferAccount} label={labels.transferAccount} help={t("fields.accountHelp")} />
        <TextField field={fields.transferHolder} label={labels.transferHolder} autoComplete="off" />
        <TextField field={fields.transferRif} label={labels.transferRif} help={t("fields.rifHelp")} />
      </fieldset>
    </>
  );
}
