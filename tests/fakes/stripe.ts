import crypto from "node:crypto";
import http from "node:http";
import Stripe from "stripe";

/**
 * Speaks enough of Stripe's API for the product's real SDK (pointed here through
 * STRIPE_API_BASE): Checkout Sessions created (form-encoded bracket keys, Idempotency-Key
 * honoured), retrieved and expired. It also plays the hosted payment page (GET /pay/:id,
 * "Pay" and "Cancel") and Stripe's webhook sender: completing or expiring a session
 * posts the signed `checkout.session.*` event to the webhook URL. A session made with
 * `payment_intent_data[capture_method]=manual` authorises a PaymentIntent instead of paying
 * (`requires_capture`, its charge's `capture_before` 7 days on), which is then retrieved,
 * captured (`amount_to_capture`, once) or cancelled, each with its `payment_intent.*` event.
 *
 * Test controls (not Stripe's): GET /_control/sessions[?client_reference_id=], GET /_control/events,
 * GET /_control/intents, POST /_control/config {webhookUrl?, deliveries?},
 * POST /_control/events/:id/deliver[?signature=bad], POST /_control/intents/:id/lapse (the
 * authorisation expires uncaptured: cancelled by Stripe, `cancellation_reason: automatic`).
 */
export type FakeSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  locale: string | null;
  expires_at: number;
  created: number;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  livemode: false;
  payment_intent: string | null;
  line_items: unknown;
  payment_intent_data?: { capture_method?: string; metadata?: Record<string, string> };
};

/** A PaymentIntent of a manual-capture session, in the fields the product reads. */
export type FakeIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: "manual";
  status: "requires_capture" | "succeeded" | "canceled";
  cancellation_reason: string | null;
  metadata: Record<string, string>;
  created: number;
  latest_charge: { id: string; object: "charge"; payment_method_details: { card: { capture_before: number } } };
};

export type FakeEvent = {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: { object: FakeSession | FakeIntent };
  livemode: false;
  api_version: string;
};

export type Delivery = { eventId: string; status: number | null };

export type StripeFake = {
  url: string;
  sessions: FakeSession[];
  intents: FakeIntent[];
  events: FakeEvent[];
  deliveries: Delivery[];
  /** Forgets every session, event and idempotency key, as a fresh Stripe account would. */
  reset: () => void;
  close: () => Promise<void>;
};

/** `a[b][0][c]=1` → { a: { b: [{ c: "1" }] } }, as Stripe reads the SDK's bodies. */
export function parseBracketForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => resolve(raw));
    req.on("error", reject);
  });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function startStripeFake(
  port = 0,
  options: { webhookSecret: string; webhookUrl?: string },
): Promise<StripeFake> {
  const sessions: FakeSession[] = [];
  const intents: FakeIntent[] = [];
  /** The session each intent came from: its events go where the session's app lives. */
  const sessionOfIntent = new Map<string, FakeSession>();
  /** Replies of PaymentIntent calls by Idempotency-Key, replayed as Stripe does. */
  const intentReplies = new Map<string, { status: number; body: unknown }>();
  const events: FakeEvent[] = [];
  const deliveries: Delivery[] = [];
  const byIdempotencyKey = new Map<string, { body: string; session: FakeSession }>();
  const config: { webhookUrl: string | null; deliveries: number } = {
    webhookUrl: options.webhookUrl ?? null,
    deliveries: 1,
  };
  const signer = new Stripe("sk_test_fake").webhooks;
  let baseUrl = "";

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: http.ServerResponse, status: number, message: string, code?: string) =>
    send(res, status, { error: { type: "invalid_request_error", message, code } });

  /** Without a configured URL, events go where the app that made the session lives. */
  const webhookUrlFor = (object: FakeSession | FakeIntent) => {
    const session = object.object === "payment_intent" ? sessionOfIntent.get(object.id)! : object;
    return config.webhookUrl ?? `${new URL(session.success_url).origin}/webhooks/stripe`;
  };

  async function deliver(event: FakeEvent, signature: "good" | "bad" = "good"): Promise<number | null> {
    const payload = JSON.stringify(event, null, 2);
    const header =
      signature === "good"
        ? signer.generateTestHeaderString({ payload, secret: options.webhookSecret })
        : signer.generateTestHeaderString({ payload, secret: "whsec_not_the_right_one" });
    let status: number | null = null;
    try {
      const response = await fetch(webhookUrlFor(event.data.object), {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": header,
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
      });
      status = response.status;
    } catch {
      status = null;
    }
    deliveries.push({ eventId: event.id, status });
    return status;
  }

  function recordEvent(type: string, session: FakeSession | FakeIntent): FakeEvent {
    const event: FakeEvent = {
      id: `evt_${crypto.randomBytes(12).toString("hex")}`,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...session } },
      livemode: false,
      api_version: "2026-10-28.endive",
    };
    events.push(event);
    return event;
  }

  async function emit(type: string, session: FakeSession | FakeIntent) {
    const event = recordEvent(type, session);
    for (let i = 0; i < config.deliveries; i++) await deliver(event);
  }

  function createSession(params: Record<string, unknown>): FakeSession | string {
    const lineItems = params.line_items as
      Array<{ quantity?: string; price_data?: { currency?: string; unit_amount?: string } }> | undefined;
    const item = lineItems?.[0];
    const unitAmount = Number(item?.price_data?.unit_amount);
    if (params.mode !== "payment") return "mode must be payment";
    if (!item || !Number.isSafeInteger(unitAmount) || unitAmount < 0)
      return "line_items[0][price_data][unit_amount] must be a non-negative integer";
    if (typeof params.success_url !== "string") return "success_url is required";
    const intentData = params.payment_intent_data as
      { capture_method?: string; metadata?: Record<string, string> } | undefined;
    if (intentData?.capture_method !== undefined && intentData.capture_method !== "manual")
      return "payment_intent_data[capture_method] must be manual or automatic";
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = params.expires_at === undefined ? now + 24 * 3600 : Number(params.expires_at);
    if (!Number.isSafeInteger(expiresAt) || expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600 + 5) {
      return "expires_at must be between 30 minutes and 24 hours after creation";
    }
    const quantity = Number(item.quantity ?? 1);
    const id = `cs_test_${crypto.randomBytes(16).toString("hex")}`;
    const session: FakeSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: unitAmount * quantity,
      amount_total: unitAmount * quantity,
      currency: String(item.price_data?.currency ?? ""),
      client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      locale: typeof params.locale === "string" ? params.locale : null,
      expires_at: expiresAt,
      created: now,
      success_url: params.success_url,
      cancel_url: typeof params.cancel_url === "string" ? params.cancel_url : null,
      url: `${baseUrl}/pay/${id}`,
      livemode: false,
      payment_intent: null,
      line_items: lineItems,
      ...(intentData ? { payment_intent_data: intentData } : {}),
    };
    sessions.push(session);
    return session;
  }

  const find = (id: string) => sessions.find((s) => s.id === id);
  const manual = (session: FakeSession) => session.payment_intent_data?.capture_method === "manual";

  /** The card authorised on a manual-capture session: the money is held, not paid (the session stays unpaid). */
  function authorise(session: FakeSession): FakeIntent {
    const now = Math.floor(Date.now() / 1000);
    const intent: FakeIntent = {
      id: `pi_${crypto.randomBytes(12).toString("hex")}`,
      object: "payment_intent",
      amount: session.amount_total,
      amount_capturable: session.amount_total,
      amount_received: 0,
      currency: session.currency,
      capture_method: "manual",
      status: "requires_capture",
      cancellation_reason: null,
      metadata: session.payment_intent_data?.metadata ?? {},
      created: now,
      // Stripe keeps an online card authorisation 7 days (docs/domain.md#card-deposit-hold).
      latest_charge: {
        id: `ch_${crypto.randomBytes(12).toString("hex")}`,
        object: "charge",
        payment_method_details: { card: { capture_before: now + 7 * 24 * 3600 } },
      },
    };
    intents.push(intent);
    sessionOfIntent.set(intent.id, session);
    session.status = "complete";
    session.payment_intent = intent.id;
    session.url = null;
    return intent;
  }

  /** Capture (`amount_to_capture`, at most what is capturable, once) or cancel an authorised intent. */
  async function settleIntent(
    intent: FakeIntent,
    action: "capture" | "cancel",
    params: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown }> {
    const refused = (message: string, code: string) => ({
      status: 400,
      body: { error: { type: "invalid_request_error", message, code } },
    });
    if (intent.status !== "requires_capture")
      return refused(
        `This PaymentIntent could not be ${action === "capture" ? "captured" : "canceled"} because it has a status of ${intent.status}.`,
        "payment_intent_unexpected_state",
      );
    if (action === "capture") {
      const amount =
        params.amount_to_capture === undefined ? intent.amount_capturable : Number(params.amount_to_capture);
      if (!Number.isSafeInteger(amount) || amount < 1 || amount > intent.amount_capturable)
        return refused("amount_to_capture must be at most the amount capturable.", "amount_too_large");
      intent.status = "succeeded";
      intent.amount_received = amount;
      intent.amount_capturable = 0;
      await emit("payment_intent.succeeded", intent);
    } else {
      intent.status = "canceled";
      intent.amount_capturable = 0;
      intent.cancellation_reason =
        typeof params.cancellation_reason === "string" ? params.cancellation_reason : "requested_by_customer";
      await emit("payment_intent.canceled", intent);
    }
    return { status: 200, body: intent };
  }

  function hostedPage(session: FakeSession): string {
    const amount = `$${(session.amount_total / 100).toFixed(2)}`;
    const body =
      session.status === "open"
        ? `<p>Total <strong>${amount}</strong></p>
<form method="post" action="/pay/${session.id}/complete"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Cancel</button></form>`
        : `<p>This session is ${session.status}.</p>`;
    return `<!doctype html><html lang="${escapeHtml(session.locale ?? "en")}"><head><meta charset="utf-8"><title>Stripe fake checkout</title></head>
<body><h1>Stripe fake checkout</h1>${body}</body></html>`;
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://fake");
      const path = url.pathname;
      const method = req.method ?? "GET";
      if (method === "GET" && path === "/health") return send(res, 200, { ok: true });

      // Test controls.
      if (method === "GET" && path === "/_control/sessions") {
        const reference = url.searchParams.get("client_reference_id");
        return send(res, 200, {
          data: reference ? sessions.filter((s) => s.client_reference_id === reference) : sessions,
        });
      }
      if (method === "GET" && path === "/_control/events") return send(res, 200, { data: events, deliveries });
      if (method === "GET" && path === "/_control/intents") return send(res, 200, { data: intents });
      const lapse = /^\/_control\/intents\/([^/]+)\/lapse$/.exec(path);
      if (method === "POST" && lapse) {
        const intent = intents.find((i) => i.id === lapse[1]);
        if (!intent || intent.status !== "requires_capture") return send(res, 404, { error: "no such held intent" });
        const { status, body } = await settleIntent(intent, "cancel", { cancellation_reason: "automatic" });
        return send(res, status, body);
      }
      if (method === "POST" && path === "/_control/config") {
        const body = JSON.parse((await readBody(req)) || "{}") as { webhookUrl?: string | null; deliveries?: number };
        if (body.webhookUrl !== undefined) config.webhookUrl = body.webhookUrl;
        if (body.deliveries !== undefined) config.deliveries = body.deliveries;
        return send(res, 200, config);
      }
      const redeliver = /^\/_control\/events\/([^/]+)\/deliver$/.exec(path);
      if (method === "POST" && redeliver) {
        const event = events.find((e) => e.id === redeliver[1]);
        if (!event) return send(res, 404, { error: "no such event" });
        const status = await deliver(event, url.searchParams.get("signature") === "bad" ? "bad" : "good");
        return send(res, 200, { status });
      }

      // The hosted payment page.
      const pay = /^\/pay\/([^/]+)(?:\/(complete|cancel))?$/.exec(path);
      if (pay) {
        const session = find(pay[1]!);
        if (!session) return send(res, 404, { error: "no such session" });
        if (method === "GET" && !pay[2]) {
          res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
          return res.end(hostedPage(session));
        }
        if (method === "POST" && pay[2] === "complete" && session.status === "open" && manual(session)) {
          const intent = authorise(session);
          await emit("checkout.session.completed", session);
          await emit("payment_intent.amount_capturable_updated", intent);
          res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
          return res.end();
        }
        if (method === "POST" && pay[2] === "complete" && session.status === "open") {
          session.status = "complete";
          session.payment_status = "paid";
          session.payment_intent = `pi_${crypto.randomBytes(12).toString("hex")}`;
          session.url = null;
          // As Stripe may: the event reaches the app before the customer's browser does.
          await emit("checkout.session.completed", session);
          res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
          return res.end();
        }
        if (method === "POST" && pay[2] === "cancel") {
          res.writeHead(303, {
            Location: session.cancel_url ?? session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id),
          });
          return res.end();
        }
        return send(res, 400, { error: `session is ${session.status}` });
      }

      // Stripe's API.
      if (!/^Bearer sk_(test|live)_\w+/.test(req.headers.authorization ?? ""))
        return stripeError(res, 401, "Invalid API Key provided");
      if (method === "POST" && path === "/v1/checkout/sessions") {
        const raw = await readBody(req);
        const key = req.headers["idempotency-key"] as string | undefined;
        const earlier = key ? byIdempotencyKey.get(key) : undefined;
        if (earlier) {
          if (earlier.body !== raw)
            return stripeError(
              res,
              400,
              "Keys for idempotent requests can only be used with the same parameters they were first used with.",
              "idempotency_error",
            );
          res.setHeader("Idempotent-Replayed", "true");
          return send(res, 200, earlier.session);
        }
        const session = createSession(parseBracketForm(raw));
        if (typeof session === "string") return stripeError(res, 400, session, "parameter_invalid");
        if (key) byIdempotencyKey.set(key, { body: raw, session });
        return send(res, 200, session);
      }
      const pi = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
      if (pi) {
        const intent = intents.find((i) => i.id === pi[1]);
        if (!intent) return stripeError(res, 404, `No such payment_intent: '${pi[1]}'`, "resource_missing");
        if (method === "GET" && !pi[2]) return send(res, 200, intent);
        if (method === "POST" && pi[2]) {
          const raw = await readBody(req);
          const key = req.headers["idempotency-key"] as string | undefined;
          const earlier = key ? intentReplies.get(`${path}:${key}`) : undefined;
          if (earlier) {
            res.setHeader("Idempotent-Replayed", "true");
            return send(res, earlier.status, earlier.body);
          }
          const reply = await settleIntent(intent, pi[2] as "capture" | "cancel", parseBracketForm(raw));
          if (key) intentReplies.set(`${path}:${key}`, reply);
          return send(res, reply.status, reply.body);
        }
      }
      const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
      if (one) {
        const session = find(one[1]!);
        if (!session) return stripeError(res, 404, `No such checkout.session: '${one[1]}'`, "resource_missing");
        if (method === "GET" && !one[2]) return send(res, 200, session);
        if (method === "POST" && one[2]) {
          await readBody(req);
          if (session.status !== "open")
            return stripeError(res, 400, `This Checkout Session is ${session.status}.`, "checkout_session_not_open");
          session.status = "expired";
          session.url = null;
          await emit("checkout.session.expired", session);
          return send(res, 200, session);
        }
      }
      return stripeError(res, 404, `Unrecognized request URL (${method}: ${path})`);
    } catch (error) {
      send(res, 500, { error: { type: "api_error", message: String(error) } });
    }
  });

  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      baseUrl = `http://127.0.0.1:${actualPort}`;
      resolve({
        url: baseUrl,
        sessions,
        intents,
        events,
        deliveries,
        reset: () => {
          sessions.length = 0;
          intents.length = 0;
          sessionOfIntent.clear();
          intentReplies.clear();
          events.length = 0;
          deliveries.length = 0;
          byIdempotencyKey.clear();
        },
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
