import crypto from "node:crypto";
import http from "node:http";

/*
 * Binance Pay's merchant API for the product's fetch client (docs/operations.md#binance-pay): create,
 * query and refund orders and the webhook certificates, each refused unless signed with the
 * merchant's secret as Binance requires. It holds an RSA key pair and sends the app signed webhooks
 * (or badly signed ones, with a key of its own) when a test asks, through POST /test/webhooks.
 */

export type FakeOrder = {
  merchantTradeNo: string;
  prepayId: string;
  orderAmount: string;
  currency: string;
  status: "INITIAL" | "PAID" | "EXPIRED" | "REFUNDED";
  refunds: Array<{ refundRequestId: string; refundAmount: string }>;
};

export type BinancePayFake = {
  url: string;
  /** The orders created, oldest first. */
  orders: () => FakeOrder[];
  /** Answers the next `count` API calls with a 503, as an outage would. */
  failNext: (count: number) => void;
  /** The payer paid in the Binance app, and no webhook came (yet): the order's query says PAID. */
  markPaid: (merchantTradeNo: string) => void;
  /** Sends the order's PAY_SUCCESS webhook `times` times (the same delivery again), good or badly signed; the app's HTTP statuses. */
  sendWebhook: (merchantTradeNo: string, opts?: { times?: number; badSignature?: boolean }) => Promise<number[]>;
  close: () => Promise<void>;
};

export const FAKE_API_KEY = "binance-test-cert-sn";
export const FAKE_SECRET_KEY = "binance-test-secret";
const CERT_SERIAL = "fake-binance-cert-1";

const pair = () => crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });

/** Binance's request signature, written here from its documentation rather than taken from the product's client. */
const merchantSignature = (timestamp: string, once: string, body: string) =>
  crypto.createHmac("sha512", FAKE_SECRET_KEY).update(`${timestamp}\n${once}\n${body}\n`).digest("hex").toUpperCase();

function nonce(): string {
  return crypto.randomBytes(16).toString("hex");
}

/**
 * Starts the fake on `port` (0: any free one). `webhookUrl` is where it delivers webhooks: the
 * app's POST /webhooks/binance-pay.
 */
export function startBinancePayFake(port = 0, { webhookUrl = "" } = {}): Promise<BinancePayFake> {
  const ours = pair();
  const forger = pair();
  const orders = new Map<string, FakeOrder>();
  let prepay = 290_000_000_000_000;
  let failures = 0;

  function signedByMerchant(req: http.IncomingMessage, body: string): boolean {
    const header = (name: string) => String(req.headers[name.toLowerCase()] ?? "");
    return (
      header("BinancePay-Certificate-SN") === FAKE_API_KEY &&
      header("BinancePay-Nonce").length === 32 &&
      header("BinancePay-Signature") ===
        merchantSignature(header("BinancePay-Timestamp"), header("BinancePay-Nonce"), body)
    );
  }

  function answer(path: string, payload: Record<string, unknown>): [number, unknown] {
    const ok = (data: unknown): [number, unknown] => [200, { status: "SUCCESS", code: "000000", data }];
    const fail = (code: string, errorMessage: string): [number, unknown] => [
      400,
      { status: "FAIL", code, errorMessage },
    ];
    if (path === "/binancepay/openapi/certificates")
      return ok([
        { certSerial: CERT_SERIAL, certPublic: ours.publicKey.export({ type: "spki", format: "pem" }).toString() },
      ]);
    if (path === "/binancepay/openapi/v3/order") {
      const tradeNo = String(payload.merchantTradeNo ?? "");
      if (!/^[A-Za-z0-9]{1,32}$/.test(tradeNo)) return fail("400004", "merchantTradeNo is invalid");
      if (orders.has(tradeNo)) return fail("400201", "merchantTradeNo is duplicated");
      if (payload.currency !== "USDT" || !/^\d+(\.\d{1,8})?$/.test(String(payload.orderAmount)))
        return fail("400004", "invalid amount or currency");
      const order: FakeOrder = {
        merchantTradeNo: tradeNo,
        prepayId: String(++prepay),
        orderAmount: String(payload.orderAmount),
        currency: "USDT",
        status: "INITIAL",
        refunds: [],
      };
      orders.set(tradeNo, order);
      return ok({
        prepayId: order.prepayId,
        terminalType: "WEB",
        expireTime: Number(payload.orderExpireTime ?? Date.now() + 3_600_000),
        qrcodeLink: `https://public.bnbstatic.com/static/payment/${order.prepayId}.jpg`,
        qrContent: `https://app.binance.com/qr/dplk${order.prepayId}`,
        checkoutUrl: `https://pay.binance.com/en/checkout/${order.prepayId}`,
        deeplink: `bnc://app.binance.com/payment/secpay?tempToken=${order.prepayId}`,
        universalUrl: `https://app.binance.com/payment/secpay?linkToken=${order.prepayId}`,
      });
    }
    const order = orders.get(String(payload.merchantTradeNo ?? ""));
    if (path === "/binancepay/openapi/v2/order/query") {
      if (!order) return fail("400202", "Order not found");
      return ok({
        merchantTradeNo: order.merchantTradeNo,
        prepayId: order.prepayId,
        status: order.status,
        currency: order.currency,
        orderAmount: order.orderAmount,
        transactionId: order.status === "PAID" ? `T${order.prepayId}` : undefined,
      });
    }
    if (path === "/binancepay/openapi/order/refund") {
      const paid = [...orders.values()].find((o) => o.prepayId === String(payload.prepayId));
      if (!paid || paid.status !== "PAID") return fail("400202", "Order not paid");
      paid.refunds.push({
        refundRequestId: String(payload.refundRequestId),
        refundAmount: String(payload.refundAmount),
      });
      return ok({
        refundRequestId: payload.refundRequestId,
        prepayId: paid.prepayId,
        refundedAmount: payload.refundAmount,
      });
    }
    return [404, { status: "FAIL", code: "404", errorMessage: "unknown path" }];
  }

  async function sendWebhook(merchantTradeNo: string, { times = 1, badSignature = false } = {}): Promise<number[]> {
    const order = orders.get(merchantTradeNo);
    if (!order) throw new Error(`The Binance Pay fake has no order ${merchantTradeNo}`);
    order.status = "PAID";
    const body = JSON.stringify({
      bizType: "PAY",
      bizId: Number(order.prepayId),
      bizIdStr: order.prepayId,
      bizStatus: "PAY_SUCCESS",
      data: JSON.stringify({
        merchantTradeNo,
        productType: "02",
        productName: "Rueda booking",
        transactTime: Date.now(),
        tradeType: "WEB",
        totalFee: Number(order.orderAmount),
        currency: order.currency,
        transactionId: `T${order.prepayId}`,
        openUserId: "fake-payer",
      }),
    });
    const timestamp = String(Date.now());
    const once = nonce();
    const signature = crypto
      .sign("sha256", Buffer.from(`${timestamp}\n${once}\n${body}\n`), (badSignature ? forger : ours).privateKey)
      .toString("base64");
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "BinancePay-Certificate-SN": CERT_SERIAL,
          "BinancePay-Nonce": once,
          "BinancePay-Timestamp": timestamp,
          "BinancePay-Signature": signature,
        },
        body,
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      // For e2e tests, which reach the fake over HTTP: the orders, and a webhook to send.
      if (req.method === "GET" && path === "/test/orders") return reply(200, [...orders.values()]);
      if (req.method === "POST" && path === "/test/webhooks") {
        const { merchantTradeNo, times, badSignature } = JSON.parse(body || "{}") as {
          merchantTradeNo?: string;
          times?: number;
          badSignature?: boolean;
        };
        const tradeNo = merchantTradeNo ?? [...orders.keys()].at(-1) ?? "";
        sendWebhook(tradeNo, { times, badSignature }).then(
          (statuses) => reply(200, { statuses }),
          (error: unknown) => reply(500, { error: String(error) }),
        );
        return;
      }
      if (req.method !== "POST") return reply(405, {});
      if (failures > 0) {
        failures--;
        return reply(503, { status: "FAIL", code: "SYSTEM_BUSY" });
      }
      if (!signedByMerchant(req, body))
        return reply(401, { status: "FAIL", code: "400002", errorMessage: "Signature is invalid" });
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(body || "{}") as Record<string, unknown>;
      } catch {
        return reply(400, { status: "FAIL", code: "400001", errorMessage: "invalid JSON" });
      }
      const [status, out] = answer(path, payload);
      reply(status, out);
    });
  });

  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        orders: () => [...orders.values()],
        failNext: (count) => {
          failures = count;
        },
        markPaid: (merchantTradeNo) => {
          const order = orders.get(merchantTradeNo);
          if (order) order.status = "PAID";
        },
        sendWebhook,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
