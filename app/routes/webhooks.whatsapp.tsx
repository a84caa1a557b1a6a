import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { receiveWhatsappWebhook, whatsappHandshake } from "~/modules/whatsapp/webhook.server";

/** Meta's subscription handshake (docs/operations.md#whatsapp): the challenge back, or 403. */
export function loader({ request }: LoaderFunctionArgs) {
  const challenge = whatsappHandshake(new URL(request.url).searchParams);
  return challenge === null
    ? new Response(null, { status: 403 })
    : new Response(challenge, { headers: { "Content-Type": "text/plain" } });
}

/**
 * WhatsApp's webhook (docs/domain.md#whatsapp). The signature covers the exact bytes sent, so the
 * body is read as text, never parsed first: 401 for a bad signature (nothing changes), else 200.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const verdict = await receiveWhatsappWebhook(await request.text(), request.headers.get("x-hub-signature-256"));
  return new Response(null, { status: verdict === "badSignature" ? 401 : 200 });
}
