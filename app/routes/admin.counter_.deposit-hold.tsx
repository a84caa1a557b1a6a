import { DemoCardForm } from "~/components/payment/demo-card-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireBackOffice, type StaffUser } from "~/modules/access/staff.server";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { startCounterDepositHold } from "~/modules/counter/deposit-hold-start.server";
import { parseForm } from "~/modules/forms/parse-form";
import { privatePageMeta } from "~/modules/http/meta";
import { bookingIdParam, notFound } from "~/modules/http/not-found";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { cardFormSchema } from "~/modules/payment/card";
import { cardGateway } from "~/modules/payment/config.server";
import { confirmStripeHold, depositHoldOf, holdWithDemoCard } from "~/modules/payment/deposit-hold.server";
import { toastHeader } from "~/utils/toast.server";

export const meta = privatePageMeta;

/*
 * /admin/counter/deposit-hold?b=<id>[&session=<id>]: the card page of a deposit hold
 * (docs/domain.md#card-deposit-hold), on the staff's device at the counter. A POST without a
 * session opens it (Stripe's hosted page, or the demo gateway's form here); Stripe sends the
 * browser back here, where the hold is read again from Stripe; then the pick-up page. Staff of the
 * booking's supplier and admins only: anyone else finds no booking.
 */

const pickupPath = (id: number) => `/admin/counter/pickup?b=${id}`;

const backToPickup = async (id: number, type: "success" | "error", message: string) =>
  redirect(pickupPath(id), { status: 303, headers: { "Set-Cookie": await toastHeader({ type, message }) } });

/** The hold named in the URL, of a booking in the caller's scope; anything else is a 404. */
async function loadHold(request: Request, user: StaffUser) {
  const id = bookingIdParam(request);
  const detail = await bookingDetail(user, id);
  const session = new URL(request.url).searchParams.get("session");
  const hold = detail && session ? await depositHoldOf(id) : null;
  if (!detail || !hold || hold.sessionId !== session) throw notFound();
  return { detail, hold };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const { detail, hold } = await loadHold(request, user);
  const id = detail.booking.id;
  if (hold.gateway === "stripe") {
    await confirmStripeHold(hold);
    const now = await depositHoldOf(id);
    return now?.status === "held"
      ? backToPickup(id, "success", "bookings:depositHold.done")
      : backToPickup(id, "error", "bookings:depositHold.notYet");
  }
  if (hold.status !== "open" || cardGateway() !== "demo")
    return backToPickup(id, "error", "bookings:depositHold.notYet");
  return json({
    title: `${context.t("bookings:depositHold.cardTitle")} · Rueda`,
    reference: detail.booking.reference,
    amount: formatCents(hold.amountCents),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireBackOffice(request, context);
  const id = bookingIdParam(request);
  if (!new URL(request.url).searchParams.has("session")) {
    const started = await startCounterDepositHold(user, id, context.language);
    if (started.outcome === "notFound") throw notFound();
    if (started.outcome === "started") return redirect(started.url, 303);
    return backToPickup(id, "error", `bookings:depositHold.errors.${started.outcome}`);
  }
  const { hold } = await loadHold(request, user);
  if (hold.gateway !== "demo") throw new Response(null, { status: 405 });
  const submission = parseForm(await request.formData(), { schema: cardFormSchema(new Date()) });
  if (submission.status !== "success") {
    const reply = submission.reply();
    // What was typed comes back, except the security code, which is never echoed.
    if (reply.initialValue) delete reply.initialValue.securityCode;
    return json(reply, { status: 400 });
  }
  return (await holdWithDemoCard(hold, submission.value.cardNumber))
    ? backToPickup(id, "success", "bookings:depositHold.done")
    : backToPickup(id, "error", "bookings:depositHold.declined");
}

/** The demo gateway's card form for the hold, labelled as a demo. */
export default function DepositHoldPage() {
  const { t } = useTranslation("bookings");
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="page narrow stack">
      <h1>{t("depositHold.cardTitle")}</h1>
      <p className="notice" data-testid="demo-label">
        <strong>{t("depositHold.demo")}</strong>
      </p>
      <p>{t("depositHold.cardHelp", { amount: data.amount, reference: data.reference })}</p>
      <DemoCardForm
        lastResult={lastResult}
        submitLabel={t("depositHold.submit", { amount: data.amount })}
        pendingLabel={t("depositHold.submitting")}
      />
    </section>
  );
}
