import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { dollarsInput } from "~/modules/forms/money";
import { useTranslation } from "~/modules/i18n/react";
import { supplierRulesSchema, type SupplierRules } from "~/modules/suppliers/supplier-form";

/**
 * The supplier's rental rules (docs/domain.md#preparation, #rental-limits, #fees, #young-driver-fee, #final-bill): a plain POST
 * form of its own on the supplier's page, for admins and the supplier's staff.
 */
export function SupplierRulesForm({
  lastResult,
  defaultValue,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: SupplierRules;
}) {
  const { t } = useTranslation("adminSuppliers");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "rules";
  const [form, fields] = useZodForm(supplierRulesSchema, lastResult, {
    id: "supplier-rules",
    defaultValue: {
      preparationHours: String(defaultValue.preparationHours),
      minimumNoticeHours: String(defaultValue.minimumNoticeHours),
      minimumDays: String(defaultValue.minimumDays),
      refuelEighth: dollarsInput(defaultValue.refuelEighth),
      lateGraceMinutes: String(defaultValue.lateGraceMinutes),
      depositReturnDays: String(defaultValue.depositReturnDays),
      oneWayFeeCents: defaultValue.oneWayFeeCents === null ? "" : dollarsInput(defaultValue.oneWayFeeCents),
      youngDriverAge: String(defaultValue.youngDriverAge),
      youngDriverFeeCents:
        defaultValue.youngDriverFeeCents === null ? "" : dollarsInput(defaultValue.youngDriverFeeCents),
    },
  });
  const labels = {
    preparationHours: t("rules.preparationHours"),
    minimumNoticeHours: t("rules.minimumNoticeHours"),
    minimumDays: t("rules.minimumDays"),
    refuelEighth: t("rules.refuelEighth"),
    lateGraceMinutes: t("rules.lateGraceMinutes"),
    depositReturnDays: t("rules.depositReturnDays"),
    oneWayFeeCents: t("rules.oneWayFee"),
    youngDriverAge: t("rules.youngDriverAge"),
    youngDriverFeeCents: t("rules.youngDriverFee"),
  };
  return (
    <section className="card stack" aria-labelledby="rules-title" id="rules">
      <h2 id="rules-title">{t("rules.title")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={labels} />
        <TextField
          field={fields.preparationHours}
          label={labels.preparationHours}
          type="number"
          help={t("rules.preparationHoursHelp")}
        />
        <TextField
          field={fields.minimumNoticeHours}
          label={labels.minimumNoticeHours}
          type="number"
          help={t("rules.minimumNoticeHoursHelp")}
        />
        <TextField
          field={fields.minimumDays}
          label={labels.minimumDays}
          type="number"
          help={t("rules.minimumDaysHelp")}
        />
        <TextField
          field={fields.refuelEighth}
          label={labels.refuelEighth}
          inputMode="decimal"
          autoComplete="off"
          help={t("rules.refuelEighthHelp")}
        />
        <TextField
          field={fields.lateGraceMinutes}
          label={labels.lateGraceMinutes}
          type="number"
          help={t("rules.lateGraceMinutesHelp")}
        />
        <TextField
          field={fields.depositReturnDays}
          label={labels.depositReturnDays}
          type="number"
          help={t("rules.depositReturnDaysHelp")}
        />
        <TextField field={fields.oneWayFeeCents} label={labels.oneWayFeeCents} help={t("rules.oneWayFeeHelp")} />
        <TextField
          field={fields.youngDriverFeeCents}
          label={labels.youngDriverFeeCents}
          inputMode="decimal"
          autoComplete="off"
          help={t("rules.youngDriverFeeHelp")}
        />
        <TextField
          field={fields.youngDriverAge}
          label={labels.youngDriverAge}
          type="number"
          help={t("rules.youngDriverAgeHelp")}
        />
        <button type="submit" name="intent" value="rules" className="button" disabled={pending} aria-busy={pending}>
          {pending ? t("form.saving") : t("rules.save")}
        </button>
      </Form>
    </section>
  );
}
