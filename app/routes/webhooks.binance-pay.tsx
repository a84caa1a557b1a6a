import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { BinancePayUnavailable } from "~/modules/payment/binance-pay.server";
import { receiveBinanceWebhook } from "~/modules/payment/binance-webhook.server";

/**
 * Binance Pay's webhook endpoint (docs/domain.md#binance-pay). The signature covers the exact
 * bytes sent, so the body is read as text, never parsed first. 400 for a bad signature or a body
 * we cannot read (nothing changes); 503 while Binance's public key cannot be fetched, so Binance
 * sends it again; otherwise the answer Binance expects.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const header = (name: string) => request.headers.get(name);
  try {
    const verdict = await receiveBinanceWebhook(await request.text(), {
      certificateSn: header("BinancePay-Certificate-SN"),
      nonce: header("BinancePay-Nonce"),
      timestamp: header("BinancePay-Timestamp"),
      signature: header("BinancePay-Signature"),
    });
    if (verdict === "badSignature" || verdict === "malformed")
      return json({ returnCode: "FAIL", returnMessage: verdict }, { status: 400 });
    return json({ returnCode: "SUCCESS", returnMessage: null });
  } catch (error) {
    if (error instanceof BinancePayUnavailable)
      return json({ returnCode: "FAIL", returnMessage: null }, { status: 503 });
    throw error;
  }
}
