import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingIdParam } from "~/modules/http/not-found";
import { loadReceipt, renderReceipt } from "~/modules/payment/receipt.server";
import { requireUser } from "~/modules/user/auth.server";

/**
 * /booking/receipt?b=<id>: the paid booking's receipt as a PDF in the reader's language, scoped
 * like the booking page (404 outside it); a booking not paid has none yet (409, said plainly).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const found = await loadReceipt(user, bookingIdParam(request), context.language);
  if (!found.ok) {
    if (found.reason === "notFound") throw new Response(null, { status: 404 });
    throw new Response(context.t("receipt:notPaid"), {
      status: 409,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const pdf = await renderReceipt(found.receipt, context.language);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="receipt-${found.receipt.reference}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
