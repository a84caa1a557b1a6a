import crypto from "node:crypto";
import { getEnv } from "~/utils/env.server";

/*
 * Binance Pay's merchant API, as docs/operations.md#binance-pay describes it: every request is a
 * POST of JSON signed with the merchant's secret key, every answer `{ status, code, data }`; the
 * webhook is signed by Binance with an RSA key whose public half the certificates endpoint gives.
 */

/** A call that takes longer is a failed attempt: the page says to try again, a job retries. */
const TIMEOUT_MS = 15_000;
/** Binance's public key is asked for again after this long, so a replaced certificate is picked up. */
const CERTIFICATE_TTL_MS = 60 * 60 * 1000;
/** An unknown serial asks again at most this often, so forged webhooks cannot make us call Binance for each. */
const CERTIFICATE_REFRESH_MS = 60 * 1000;

/** Binance Pay could not answer now, or refused: the caller tells the payer, or the job retries. */
export class BinancePayUnavailable extends Error {
  name = "BinancePayUnavailable";
}

/** Whether the operator configured a Binance Pay merchant (config/env.ts decides, the start-up log says). */
export const binancePayConfigured = (): boolean => getEnv().decisions.binancePay.value;

/** BinancePay-Signature of a request: upper-case hex HMAC-SHA512 of "timestamp\nnonce\nbody\n". */
function requestSignature(timestamp: string, nonce: string, body: string, secret: string): string {
  return crypto.createHmac("sha512", secret).update(`${timestamp}\n${nonce}\n${body}\n`).digest("hex").toUpperCase();
}

/** 32 letters, as Binance's nonce rule asks. */
const nonce = () =>
  Array.from(crypto.randomBytes(32), (byte) => String.fromCharCode((byte % 26) + (byte & 32 ? 97 : 65))).join("");

async function call(path: string, payload: unknown): Promise<Record<string, unknown>> {
  const env = getEnv();
  if (!env.BINANCE_PAY_API_KEY || !env.BINANCE_PAY_SECRET_KEY) throw new BinancePayUnavailable("not configured");
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const once = nonce();
  let response: Response;
  try {
    response = await fetch(new URL(path, env.BINANCE_PAY_API_URL), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "BinancePay-Timestamp": timestamp,
        "BinancePay-Nonce": once,
        "BinancePay-Certificate-SN": env.BINANCE_PAY_API_KEY,
        "BinancePay-Signature": requestSignature(timestamp, once, body, env.BINANCE_PAY_SECRET_KEY),
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new BinancePayUnavailable(`unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || answer?.status !== "SUCCESS")
    throw new BinancePayUnavailable(`${path} answered ${response.status} ${String(answer?.code ?? "")}`);
  return answer;
}

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

export type CreatedOrder = { prepayId: string; checkoutUrl: string; qrContent: string };

/** POST /binancepay/openapi/v3/order: an order for `amount` USDT ("12.34"), to be paid before `expiresAt`. */
export async function createOrder(order: {
  merchantTradeNo: string;
  amount: string;
  expiresAt: Date;
  goodsName: string;
  returnUrl: string;
}): Promise<CreatedOrder> {
  const answer = await call("/binancepay/openapi/v3/order", {
    env: { terminalType: "WEB" },
    merchantTradeNo: order.merchantTradeNo,
    orderAmount: order.amount,
    currency: "USDT",
    description: order.goodsName,
    goodsDetails: [
      { goodsType: "02", goodsCategory: "Z000", referenceGoodsId: order.merchantTradeNo, goodsName: order.goodsName },
    ],
    orderExpireTime: order.expiresAt.getTime(),
    returnUrl: order.returnUrl,
    cancelUrl: order.returnUrl,
  });
  const data = (answer.data ?? {}) as Record<string, unknown>;
  const created = {
    prepayId: text(data.prepayId),
    checkoutUrl: text(data.checkoutUrl),
    qrContent: text(data.qrContent),
  };
  if (!created.prepayId || !created.checkoutUrl) throw new BinancePayUnavailable("order created without its links");
  return created;
}

/** Where an order stands at Binance (POST /binancepay/openapi/v2/order/query). */
export type QueriedOrder = { status: string; currency: string; orderAmount: string; transactionId: string };

export async function queryOrder(merchantTradeNo: string): Promise<QueriedOrder> {
  const answer = await call("/binancepay/openapi/v2/order/query", { merchantTradeNo });
  const data = (answer.data ?? {}) as Record<string, unknown>;
  return {
    status: text(data.status),
    currency: text(data.currency),
    orderAmount: text(data.orderAmount),
    transactionId: text(data.transactionId),
  };
}

let certificates: { at: number; keys: Map<string, crypto.KeyObject> } | null = null;

/** Binance's webhook public keys by serial (POST /binancepay/openapi/certificates), kept an hour. */
async function webhookKeys(refresh: boolean): Promise<Map<string, crypto.KeyObject>> {
  const age = certificates ? Date.now() - certificates.at : Infinity;
  if (certificates && age < (refresh ? CERTIFICATE_REFRESH_MS : CERTIFICATE_TTL_MS)) return certificates.keys;
  const answer = await call("/binancepay/openapi/certificates", {});
  const keys = new Map<string, crypto.KeyObject>();
  for (const entry of Array.isArray(answer.data) ? (answer.data as Array<Record<string, unknown>>) : []) {
    try {
      keys.set(text(entry.certSerial), crypto.createPublicKey(text(entry.certPublic)));
    } catch {
      // A certificate we cannot read verifies nothing.
    }
  }
  certificates = { at: Date.now(), keys };
  return keys;
}

export type WebhookHeaders = {
  certificateSn: string | null;
  nonce: string | null;
  timestamp: string | null;
  signature: string | null;
};

/**
 * Whether Binance signed this webhook: SHA256withRSA over "timestamp\nnonce\nbody\n" with the
 * public key of the certificate the request names. An unknown serial refreshes the keys once (a
 * certificate Binance just replaced); anything missing or malformed is simply not signed.
 */
export async function isSignedByBinance(rawBody: string, headers: WebhookHeaders): Promise<boolean> {
  const { certificateSn, nonce: once, timestamp, signature } = headers;
  if (!certificateSn || !once || !timestamp || !signature) return false;
  let key = (await webhookKeys(false)).get(certificateSn);
  key ??= (await webhookKeys(true)).get(certificateSn);
  if (!key) return false;
  try {
    return crypto.verify(
      "sha256",
      Buffer.from(`${timestamp}\n${once}\n${rawBody}\n`),
      key,
      Buffer.from(signature, "base64"),
    );
  } catch {
    return false;
  }
}
