import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { messages } from "~/modules/forms/messages";
import { resendActivationLimited } from "~/modules/user/activation.server";
import { requireUser } from "~/modules/user/auth.server";
import { safeRedirect } from "~/modules/access/redirect";
import { toastHeader, type Toast } from "~/utils/toast.server";

/** The activation banner's "resend validation email" button; answers with a toast on the page it came from. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const user = requireUser(request, context);
  const formData = await request.formData();
  const back = safeRedirect(formData.get("redirectTo"));
  const toast = await resend(user.id, user.activated);
  return redirect(back, { headers: { "Set-Cookie": await toastHeader(toast) } });
}

async function resend(userId: number, activated: boolean): Promise<Toast> {
  if (activated) return { type: "info", message: "auth:banner.alreadyActive" };
  const result = await resendActivationLimited(userId);
  if (result === "rateLimited") return { type: "error", message: messages.rateLimited };
  if (result === "alreadyActive") return { type: "info", message: "auth:banner.alreadyActive" };
  if (result === "sent") return { type: "success", message: "auth:banner.sent" };
  return { type: "error", message: "auth:banner.error" };
}
