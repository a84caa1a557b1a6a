import type { LoaderFunctionArgs } from "@remix-run/node";
import { rentalAgreement } from "~/modules/rental/agreement.server";
import { requireUser } from "~/modules/user/auth.server";

/**
 * /booking/agreement?b=<id>: the signed rental agreement as a PDF in the driver's language
 * (docs/domain.md#rental-agreement), for the booking's driver, its supplier's staff and admins;
 * 404 for anyone else and before the pick-up.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const id = Number(new URL(request.url).searchParams.get("b"));
  const found = Number.isSafeInteger(id) && id > 0 ? await rentalAgreement(user, id) : null;
  if (!found) throw new Response(null, { status: 404 });
  return new Response(new Uint8Array(found.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="agreement-${found.reference}.pdf"`,
      "Content-Length": String(found.pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
