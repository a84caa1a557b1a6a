import type { FormField } from "~/components/field-props";
import { SelectField } from "~/components/form-choices";
import { useTranslation } from "~/modules/i18n/react";

/**
 * An account's type and supplier, as the new-account form and the change-type form both ask them:
 * a supplier's staff must name their supplier (docs/domain.md#user-management), which the help says.
 */
export function AccountTypeFields({
  type,
  supplierId,
  types,
  suppliers,
}: {
  type: FormField;
  supplierId: FormField;
  types: readonly string[];
  suppliers: ReadonlyArray<{ id: number; name: string }>;
}) {
  const { t } = useTranslation("adminUsers");
  return (
    <>
      <SelectField
        field={type}
        label={t("fields.type")}
        options={[
          { value: "", label: t("fields.chooseType") },
          ...types.map((value) => ({ value, label: t(`types.${value}`) })),
        ]}
      />
      <SelectField
        field={supplierId}
        label={t("fields.supplier")}
        options={[
          { value: "", label: t("fields.noSupplier") },
          ...suppliers.map((s) => ({ value: String(s.id), label: s.name })),
        ]}
      />
      <p className="field__help">{t("fields.supplierHelp")}</p>
    </>
  );
}
