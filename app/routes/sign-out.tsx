import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect, redirectDocument } from "@remix-run/node";
import { destroySession } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";

/** Signing out changes state, so only a POST does it; a visit to the URL just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context.sessionId));
  headers.append("Set-Cookie", await toastHeader({ type: "info", message: "auth:signOut.done" }));
  // A full page load: nothing of the account stays in the browser, and the visitor's own language applies again.
  return redirectDocument("/", { headers });
}
