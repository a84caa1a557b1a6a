import type { SubmissionResult } from "@conform-to/react";
import { json, redirect } from "@remix-run/node";
import { parseForm } from "~/modules/forms/parse-form";
import { notFound } from "~/modules/http/not-found";
import type { SessionUser } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";
import { answerClaim } from "./answer-claim.server";
import { answerClaimSchema, claimMessages, decideClaimSchema, openClaimSchema } from "./claim";
import { decideClaim } from "./decide-claim.server";
import { openClaim } from "./open-claim.server";

/*
 * The booking page's damage-claim forms (docs/domain.md#damage-claims), each a plain POST: staff
 * open a claim (`claimOpen`), the driver answers it (`claimAnswer`), an admin decides a dispute
 * (`claimDecide`). A refusal is said on its form; anyone outside the booking finds nothing (404).
 */

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

const done = async (id: number, message: string) =>
  redirect(`/booking?b=${id}#claim`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: `bookings:claim.${message}` }) },
  });

/** The refusal on the form: an amount's next to its field, any other above the form. */
function refused<K extends string>(
  key: K,
  reply: (options: object) => SubmissionResult<string[]>,
  outcome: string,
  field: string,
) {
  const options =
    outcome === "tooLarge"
      ? { fieldErrors: { [field]: [claimMessages.tooLarge] } }
      : { formErrors: [`bookings:claim.errors.${outcome}`] };
  return json({ [key]: reply(options) } as Record<K, SubmissionResult<string[]>>, { status: 400 });
}

export async function claimOpenAction(user: User, id: number, formData: FormData) {
  const submission = parseForm(formData, { schema: openClaimSchema });
  if (submission.status !== "success")
    return json<{ claimOpen: SubmissionResult<string[]> }>({ claimOpen: submission.reply() }, { status: 400 });
  const outcome = await openClaim(user, id, submission.value);
  if (outcome === "notFound") throw notFound();
  if (outcome !== "opened") return refused("claimOpen", submission.reply, outcome, "asked");
  return done(id, "opened");
}

export async function claimAnswerAction(user: User, id: number, formData: FormData) {
  const submission = parseForm(formData, { schema: answerClaimSchema });
  if (submission.status !== "success")
    return json<{ claimAnswer: SubmissionResult<string[]> }>({ claimAnswer: submission.reply() }, { status: 400 });
  const outcome = await answerClaim(user, id, submission.value);
  if (outcome === "notFound") throw notFound();
  if (outcome !== "accepted" && outcome !== "disputed")
    return refused("claimAnswer", submission.reply, outcome, "answer");
  return done(id, outcome);
}

export async function claimDecideAction(user: User, id: number, formData: FormData) {
  const submission = parseForm(formData, { schema: decideClaimSchema });
  if (submission.status !== "success")
    return json<{ claimDecide: SubmissionResult<string[]> }>({ claimDecide: submission.reply() }, { status: 400 });
  const outcome = await decideClaim(user, id, submission.value);
  if (outcome === "notFound") throw notFound();
  if (outcome !== "settled") return refused("claimDecide", submission.reply, outcome, "decided");
  return done(id, "decided");
}
