import { getFormProps, getInputProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CheckboxField, SelectField } from "~/components/form-choices";
import { FieldErrors, FieldHelp, FormErrors, SubmitButton, TextField, helpId } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { TransferFieldsets } from "~/components/payment/transfer-settings";
import { requireAdmin } from "~/modules/access/staff.server";
import { useTranslation } from "~/modules/i18n/react";
import { cardGateway } from "~/modules/payment/config.server";
import { bankList } from "~/modules/payment/submit-mobile-payment.server";
import { HOLDER_MAX, RATE_DECIMALS, settingsMessages, settingsSchema } from "~/modules/payment/settings";
import { saveSettings, settingsPage } from "~/modules/payment/settings.server";
import { appToday } from "~/modules/time/calendar";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const [page, banks] = await Promise.all([settingsPage(context.language), bankList()]);
  return {
    title: `${context.t("adminSettings:title")} · Rueda`,
    ...page,
    banks,
    today: appToday(),
    cardGateway: cardGateway() !== null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const submission = parseForm(await request.formData(), { schema: settingsSchema(appToday()) });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const outcome = await saveSettings(admin, submission.value);
  if (outcome === "unknownBank")
    return json(submission.reply({ fieldErrors: { bank: [settingsMessages.bank] } }), { status: 400 });
  if (outcome === "unknownTransferBank")
    return json(submission.reply({ fieldErrors: { transferBank: [settingsMessages.bank] } }), { status: 400 });
  return redirect("/admin/settings", {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "admin:common.changesSaved" }) },
  });
}

export default function SettingsPage() {
  const { t } = useTranslation("adminSettings");
  const { current, history } = useLoaderData<typeof loader>();
  return (
    <section className="page stack">
      <h1>{t("title")}</h1>
      {current ? null : <p className="notice notice--warning">{t("notSet")}</p>}
      {/* A saved change remounts the form, so its fields show what was stored (a rate as normalised). */}
      <SettingsForm key={JSON.stringify(current)} />

      <h2>{t("historyTitle")}</h2>
      {history.length === 0 ? (
        <p className="empty-state">{t("historyEmpty")}</p>
      ) : (
        <table className="bookings-table">
          <thead>
            <tr>
              <th scope="col">{t("history.rate")}</th>
              <th scope="col">{t("history.rateDate")}</th>
              <th scope="col">{t("history.source")}</th>
              <th scope="col">{t("history.setBy")}</th>
              <th scope="col">{t("history.setAt")}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((row) => (
              <tr key={row.id}>
                <td data-label={t("history.rate")}>{t("history.rateValue", { rate: row.rate })}</td>
                <td data-label={t("history.rateDate")}>{row.rateDate}</td>
                <td data-label={t("history.source")}>{row.source}</td>
                <td data-label={t("history.setBy")}>{row.setBy ?? t("history.system")}</td>
                <td data-label={t("history.setAt")}>{row.setAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Rate (and whether prices show it), pago móvil data and card payments: one form, saved in one transaction. */
function SettingsForm() {
  const { t } = useTranslation("adminSettings");
  const { current, banks, today, cardGateway } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(settingsSchema(today), lastResult, {
    defaultValue: current
      ? {
          ...current,
          source: current.source ?? "BCV",
          cardPayments: current.cardPayments ? "on" : undefined,
          bolivarEstimates: current.bolivarEstimates ? "on" : undefined,
          zelle: current.zelle ? "on" : undefined,
          bankTransfer: current.bankTransfer ? "on" : undefined,
        }
      : { rateDate: today, source: "BCV", cardPayments: "on" },
  });
  const labels = {
    rate: t("fields.rate"),
    rateDate: t("fields.rateDate"),
    source: t("fields.source"),
    bank: t("fields.bank"),
    phone: t("fields.phone"),
    rif: t("fields.rif"),
    holder: t("fields.holder"),
    zelleEmail: t("fields.zelleEmail"),
    zelleHolder: t("fields.zelleHolder"),
    transferBank: t("fields.transferBank"),
    transferAccount: t("fields.account"),
    transferHolder: t("fields.transferHolder"),
    transferRif: t("fields.transferRif"),
  };
  const rateHelp = t("fields.rateHelp", { decimals: RATE_DECIMALS });
  return (
    <Form method="post" {...getFormProps(form)} className="stack admin-settings">
      <FormErrors form={form} labels={labels} />
      <fieldset className="card stack">
        <legend>{t("rateTitle")}</legend>
        <div className="field">
          <label htmlFor={fields.rate.id}>{labels.rate}</label>
          <input
            {...getInputProps(fields.rate, { type: "text", ariaDescribedBy: helpId(fields.rate.id, rateHelp) })}
            inputMode="decimal"
            autoComplete="off"
          />
          <FieldHelp fieldId={fields.rate.id} help={rateHelp} />
          <FieldErrors id={fields.rate.errorId} errors={fields.rate.errors} label={labels.rate} />
        </div>
        <TextField field={fields.rateDate} label={labels.rateDate} type="date" help={t("fields.rateDateHelp")} />
        <TextField field={fields.source} label={labels.source} autoComplete="off" help={t("fields.sourceHelp")} />
        <CheckboxField
          field={fields.bolivarEstimates}
          label={t("fields.bolivarEstimates")}
          help={t("fields.bolivarEstimatesHelp")}
        />
      </fieldset>
      <fieldset className="card stack">
        <legend>{t("mobileTitle")}</legend>
        <p className="muted">{t("mobileHelp")}</p>
        <SelectField
          field={fields.bank}
          label={labels.bank}
          options={[
            { value: "", label: t("fields.chooseBank") },
            ...banks.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` })),
          ]}
        />
        <TextField field={fields.phone} label={labels.phone} type="tel" help={t("fields.phoneHelp")} />
        <TextField field={fields.rif} label={labels.rif} help={t("fields.rifHelp")} />
        <div className="field">
          <label htmlFor={fields.holder.id}>{labels.holder}</label>
          <input {...getInputProps(fields.holder, { type: "text" })} maxLength={HOLDER_MAX} />
          <FieldErrors id={fields.holder.errorId} errors={fields.holder.errors} label={labels.holder} />
        </div>
      </fieldset>
      <TransferFieldsets fields={fields} labels={labels} banks={banks} />
      <fieldset className="card stack">
        <legend>{t("cardTitle")}</legend>
        <CheckboxField
          field={fields.cardPayments}
          label={t("fields.cardPayments")}
          help={cardGateway ? t("fields.cardPaymentsHelp") : t("fields.noGateway")}
        />
      </fieldset>
      <div>
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("admin:common.saving")}>
          {t("admin:common.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}
