import type { SubmissionResult } from "@conform-to/react";
import { json, redirect } from "@remix-run/node";
import { parseForm } from "~/modules/forms/parse-form";
import { notFound } from "~/modules/http/not-found";
import type { SessionUser } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";
import { ratingSchema, reviewSchema } from "./review";
import { rateDriver, writeReview, type ReviewOutcome } from "./write-review.server";

/**
 * The booking page's review forms (docs/domain.md#reviews): the driver reviews the supplier
 * (`review`), or the supplier's staff rate the driver (`rating`). The form's stars and words, then
 * the rules of write-review.server.ts; the answer is keyed by the side, for its form's errors.
 */
export async function reviewAction(user: SessionUser, id: number, formData: FormData, side: "review" | "rating") {
  let outcome: ReviewOutcome;
  let reply: (options?: { formErrors: string[] }) => SubmissionResult<string[]>;
  if (side === "review") {
    const submission = parseForm(formData, { schema: reviewSchema });
    if (submission.status !== "success") return json({ [side]: submission.reply() }, { status: 400 });
    const { intent: _intent, ...input } = submission.value;
    outcome = await writeReview(user, id, input);
    reply = (options) => submission.reply(options);
  } else {
    const submission = parseForm(formData, { schema: ratingSchema });
    if (submission.status !== "success") return json({ [side]: submission.reply() }, { status: 400 });
    const { intent: _intent, ...input } = submission.value;
    outcome = await rateDriver(user, id, input);
    reply = (options) => submission.reply(options);
  }
  if (outcome === "notFound") throw notFound();
  if (outcome !== "written")
    return json({ [side]: reply({ formErrors: [`reviews:errors.${outcome}`] }) }, { status: 400 });
  return redirect(`/booking?b=${id}#review`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: `reviews:${side}.sent` }) },
  });
}
