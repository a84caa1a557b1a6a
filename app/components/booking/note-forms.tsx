import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrors, TextAreaField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { amendRequestSchema } from "~/modules/booking/amend-schema";
import { noteSchema } from "~/modules/booking/notes";
import { useTranslation } from "~/modules/i18n/react";
import type { BookingPage } from "~/modules/counter/booking-page.server";

type LastResult = { lastResult: SubmissionResult<string[]> | undefined };

/** Staff's internal notes: never shown to the driver (docs/domain.md#internal-notes). */
export function NotesSection({
  notes,
  historyZone,
  lastResult,
}: Pick<BookingPage, "notes" | "historyZone"> & LastResult) {
  const { t } = useTranslation("bookings");
  const [form, fields] = useZodForm(noteSchema, lastResult, { id: "note-form" });
  if (!notes) return null;
  const label = t("notes.label");
  return (
    <section className="card stack" id="notes" aria-labelledby="notes-title">
      <h2 id="notes-title">{t("notes.title")}</h2>
      <p className="muted">{t("notes.help")}</p>
      {notes.length === 0 ? (
        <p className="muted">{t("notes.empty")}</p>
      ) : (
        <ul className="notes">
          {notes.map((n) => (
            <li key={n.id} className="notes__item">
              <p className="notes__meta">
                {t("notes.by", { author: n.author ?? t("notes.formerStaff"), at: n.at, zone: historyZone })}
              </p>
              <p className="notes__body">{n.body}</p>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={{ note: label }} />
        <TextAreaField field={fields.note} label={label} rows={3} />
        <input type="hidden" name="intent" value="add-note" />
        <button type="submit">{t("notes.add")}</button>
      </Form>
    </section>
  );
}

/** An online-paid booking is not changed by the driver: they say what they would like, and are contacted. */
export function AmendRequestSection({ amendRequest, lastResult }: Pick<BookingPage, "amendRequest"> & LastResult) {
  const { t } = useTranslation("bookings");
  const [form, fields] = useZodForm(amendRequestSchema, lastResult, { id: "amend-request-form" });
  if (!amendRequest) return null;
  const label = t("amendRequest.label");
  return (
    <section className="card stack" id="edit" aria-labelledby="amend-request-title">
      <h2 id="amend-request-title">{t("amendRequest.title")}</h2>
      <p className="muted">{t("amendRequest.help")}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={{ request: label }} />
        <TextAreaField field={fields.request} label={label} rows={3} />
        <input type="hidden" name="intent" value="amend-request" />
        <button type="submit">{t("amendRequest.send")}</button>
      </Form>
    </section>
  );
}
