import type { LoaderFunctionArgs } from "@remix-run/node";
import { rentalAgreement } from "~/modules/counter/agreement.server";
import { requireUser } from "~/modules/user/auth.server";
import { bookingIdParam, notFound } from "~/modules/http/not-found";

/**
 * /booking/agreement?b=<id>: the signed rental agreement as a PDF in the driver's language
 * (docs/domain.md#rental-agreement), for the booking's driver, its supplier's staff and admins;
 * 404 for anyone else and before the pick-up.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const found = await rentalAgreement(user, bookingIdParam(request));
  if (!found) throw notFound();
  return new Response(new Uint8Array(found.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="agreement-${found.reference}.pdf"`,
      "Content-Length": String(found.pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
