import type { LoaderFunctionArgs } from "@remix-run/node";
import { finalReceipt } from "~/modules/counter/final-receipt.server";
import { requireUser } from "~/modules/user/auth.server";
import { bookingIdParam, notFound } from "~/modules/http/not-found";

/**
 * /booking/final-receipt?b=<id>: the final receipt of a returned rental as a PDF in the driver's
 * language (docs/domain.md#return), for the booking's driver, its supplier's staff and admins;
 * 404 for anyone else and before the return.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const found = await finalReceipt(user, bookingIdParam(request));
  if (!found) throw notFound();
  return new Response(new Uint8Array(found.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="final-receipt-${found.reference}.pdf"`,
      "Content-Length": String(found.pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
