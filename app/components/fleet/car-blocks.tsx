import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { SelectField } from "~/components/form-choices";
import { FormErrors, TextAreaField, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { blockReasons, carBlockSchema } from "~/modules/fleet/car-block-form";
import { useTranslation } from "~/modules/i18n/react";

export type ShownBlock = {
  id: number;
  from: string;
  to: string;
  reason: (typeof blockReasons)[number];
  note: string | null;
};

/**
 * The car's out-of-service blocks (docs/domain.md#out-of-service): the list, each with a Remove
 * link confirmed on a page state (`?unblock=<id>`, so it works without JavaScript), and the form
 * that adds one. The forms post to `?blocks`, apart from the car form.
 */
export function CarBlocks({
  carId,
  blocks,
  confirmRemove,
  lastResult,
  overlaps,
}: {
  carId: number;
  blocks: ShownBlock[];
  confirmRemove: ShownBlock | null;
  lastResult: SubmissionResult<string[]> | undefined;
  overlaps: string[] | null;
}) {
  const { t } = useTranslation("adminCars");
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const page = `/admin/cars/${carId}`;
  const [form, fields] = useZodForm(carBlockSchema, lastResult, {
    id: "block-form",
    defaultValue: { reason: "maintenance" },
  });
  const labels = {
    from: t("blocks.from"),
    to: t("blocks.to"),
    reason: t("blocks.reason"),
    note: t("blocks.note"),
  };
  const span = (block: ShownBlock) => t("blocks.span", { from: block.from, to: block.to });
  return (
    <section className="card stack" id="blocks" aria-labelledby="blocks-title">
      <h2 id="blocks-title">{t("blocks.title")}</h2>
      <p className="field__help">{t("blocks.lead")}</p>
      {confirmRemove ? (
        <ConfirmForm
          action={`${page}?blocks`}
          question={t("blocks.confirmRemove", { span: span(confirmRemove) })}
          hidden={{ name: "blockId", value: confirmRemove.id }}
          intent="unblock"
          busy={busy("unblock")}
          confirmLabel={t("blocks.yesRemove")}
          cancelHref={`${page}#blocks`}
          cancelLabel={t("admin:common.cancel")}
          preventScrollReset
        />
      ) : null}
      {blocks.length === 0 ? (
        <p className="empty-state">{t("blocks.empty")}</p>
      ) : (
        <table className="bookings-table">
          <thead>
            <tr>
              <th scope="col">{t("blocks.days")}</th>
              <th scope="col">{t("blocks.reason")}</th>
              <th scope="col">{t("admin:common.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {blocks.map((block) => (
              <tr key={block.id}>
                <td>{span(block)}</td>
                <td data-label={t("blocks.reason")}>
                  {t(`blocks.reasons.${block.reason}`)}
                  {block.note ? ` — ${block.note}` : ""}
                </td>
                <td>
                  <Link
                    to={`${page}?unblock=${block.id}#blocks`}
                    aria-label={t("blocks.removeLabel", { span: span(block) })}
                    preventScrollReset
                  >
                    {t("blocks.remove")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {overlaps ? (
        <div className="notice notice--warning" role="alert">
          <p>{t("blocks.overlaps", { count: overlaps.length, references: overlaps.join(", ") })}</p>
        </div>
      ) : null}
      <Form method="post" action={`${page}?blocks`} {...getFormProps(form)} className="stack">
        <h3>{t("blocks.add")}</h3>
        <FormErrors form={form} labels={labels} />
        <TextField field={fields.from} label={labels.from} type="date" />
        <TextField field={fields.to} label={labels.to} type="date" />
        <SelectField
          field={fields.reason}
          label={labels.reason}
          options={blockReasons.map((reason) => ({ value: reason, label: t(`blocks.reasons.${reason}`) }))}
        />
        <TextAreaField field={fields.note} label={labels.note} rows={2} />
        <button
          type="submit"
          name="intent"
          value="block"
          className="button"
          disabled={busy("block")}
          aria-busy={busy("block")}
        >
          {t("blocks.submit")}
        </button>
      </Form>
    </section>
  );
}
