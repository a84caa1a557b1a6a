import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { MarkList, PhotoList } from "~/components/counter/inspection-summary";
import { FormErrors, TextAreaField, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import type { BookingPage } from "~/modules/counter/booking-page.server";
import { answerClaimSchema, decideClaimSchema, newDamageMarks, openClaimSchema } from "~/modules/counter/claim";

type Reply = SubmissionResult<string[]> | undefined;
type Props = Pick<BookingPage, "claim" | "openClaim" | "inspection" | "depositLedger"> & {
  lastOpen: Reply;
  lastAnswer: Reply;
  lastDecide: Reply;
};

/**
 * The booking's damage claim (docs/domain.md#damage-claims): the evidence — the new marks, both
 * inspections' photos side by side, the estimate and the amount asked — its answer and decision,
 * and the form of whoever acts next: staff open it, the driver accepts or disputes it, an admin
 * decides a dispute. Every form is a plain POST.
 */
export function ClaimSection({ claim, openClaim, inspection, depositLedger, lastOpen, lastAnswer, lastDecide }: Props) {
  const { t } = useTranslation("bookings");
  if (!inspection || (!claim && !openClaim)) return null;
  const marks = claim?.marks ?? newDamageMarks(inspection.out.marks, inspection.in.marks);
  return (
    <section className="card stack" id="claim" aria-labelledby="claim-title">
      <h2 id="claim-title">{t("claim.title")}</h2>
      <p>{t("claim.intro")}</p>
      <h3>{t("claim.newMarks")}</h3>
      <MarkList marks={marks} />
      <div className="claim__photos">
        <div>
          <h3>{t("claim.photosOut")}</h3>
          <PhotoList phase="out" photoIds={inspection.out.photoIds} />
        </div>
        <div>
          <h3>{t("claim.photosIn")}</h3>
          <PhotoList phase="in" photoIds={inspection.in.photoIds} />
        </div>
      </div>
      {claim ? <ClaimFacts claim={claim} /> : null}
      {openClaim ? <OpenClaimForm heldCents={depositLedger?.balance.heldCents ?? 0} lastResult={lastOpen} /> : null}
      {claim?.answer ? <AnswerForm until={claim.until} lastResult={lastAnswer} /> : null}
      {claim?.decide ? <DecideForm askedCents={claim.askedCents} lastResult={lastDecide} /> : null}
    </section>
  );
}

function ClaimFacts({ claim }: { claim: NonNullable<BookingPage["claim"]> }) {
  const { t } = useTranslation("bookings");
  const rows: Array<[string, string | null]> = [
    [t("claim.estimate"), formatCents(claim.estimateCents)],
    [t("claim.asked"), formatCents(claim.askedCents)],
    [t("claim.note"), claim.note],
    [t("claim.response"), claim.response ? t(`claim.responses.${claim.response}`) : null],
    [t("claim.comment"), claim.comment],
    [t("claim.decisionNote"), claim.decisionNote],
  ];
  return (
    <>
      <p>
        <strong>{t(`claim.statuses.${claim.status}`)}</strong> · {t("claim.openedAt", { at: claim.openedAt })}
      </p>
      <dl className="claim__facts">
        {rows
          .filter(([, value]) => value !== null)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {claim.status === "open" ? <p>{t("claim.until", { until: claim.until })}</p> : null}
      {claim.decidedCents !== null ? <p>{t("claim.decision", { amount: formatCents(claim.decidedCents) })}</p> : null}
      {claim.settledCents !== null ? <p>{t("claim.settled", { amount: formatCents(claim.settledCents) })}</p> : null}
    </>
  );
}

function OpenClaimForm({ heldCents, lastResult }: { heldCents: number; lastResult: Reply }) {
  const { t } = useTranslation("bookings");
  const [form, fields] = useZodForm(openClaimSchema, lastResult, { id: "claim-open-form" });
  const labels = { estimate: t("claim.estimateField"), asked: t("claim.askedField"), note: t("claim.noteField") };
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <h3>{t("claim.openTitle")}</h3>
      <p>{t("claim.openHelp", { held: formatCents(heldCents) })}</p>
      <FormErrors form={form} labels={labels} />
      <TextField field={fields.estimate} label={labels.estimate} inputMode="decimal" />
      <TextField field={fields.asked} label={labels.asked} inputMode="decimal" />
      <TextAreaField field={fields.note} label={labels.note} rows={3} />
      <button type="submit" name="intent" value="claimOpen">
        {t("claim.openButton")}
      </button>
    </Form>
  );
}

function AnswerForm({ until, lastResult }: { until: string; lastResult: Reply }) {
  const { t } = useTranslation("bookings");
  const [form, fields] = useZodForm(answerClaimSchema, lastResult, { id: "claim-answer-form" });
  const labels = { comment: t("claim.commentField"), answer: t("claim.answerTitle") };
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <h3>{t("claim.answerTitle")}</h3>
      <p>{t("claim.answerHelp", { until })}</p>
      <FormErrors form={form} labels={labels} />
      <input type="hidden" name="intent" value="claimAnswer" />
      <TextAreaField field={fields.comment} label={labels.comment} rows={3} />
      <div className="actions">
        <button type="submit" name="answer" value="accepted">
          {t("claim.acceptButton")}
        </button>
        <button type="submit" name="answer" value="disputed">
          {t("claim.disputeButton")}
        </button>
      </div>
    </Form>
  );
}

function DecideForm({ askedCents, lastResult }: { askedCents: number; lastResult: Reply }) {
  const { t } = useTranslation("bookings");
  const [form, fields] = useZodForm(decideClaimSchema, lastResult, { id: "claim-decide-form" });
  const labels = { decided: t("claim.decidedField"), decisionNote: t("claim.decisionNoteField") };
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <h3>{t("claim.decideTitle")}</h3>
      <FormErrors form={form} labels={labels} />
      <TextField
        field={fields.decided}
        label={labels.decided}
        help={t("claim.decidedHelp", { asked: formatCents(askedCents) })}
        inputMode="decimal"
      />
      <TextAreaField field={fields.decisionNote} label={labels.decisionNote} rows={3} />
      <button type="submit" name="intent" value="claimDecide">
        {t("claim.decideButton")}
      </button>
    </Form>
  );
}
