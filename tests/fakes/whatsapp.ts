import crypto from "node:crypto";
import http from "node:http";

/**
 * Speaks enough of the WhatsApp Cloud API for the product (pointed here through WHATSAPP_API_URL):
 * POST /{phone-number-id}/messages with a Bearer token and a template message, answered with a
 * wamid. It also plays Meta's webhook sender: statuses of a sent message and inbound texts, posted
 * signed (X-Hub-Signature-256, HMAC-SHA256 of the body with the app secret) to the webhook URL.
 *
 * Test controls (not Meta's): GET /_control/messages, DELETE /_control/messages,
 * POST /_control/failures?count=1&kind=outage|invalidNumber|rateLimit,
 * POST /_control/status {wamid, status} and POST /_control/inbound {from, text}, each answered with
 * the webhook's HTTP status.
 */
export type FakeWhatsappMessage = {
  id: string;
  phoneNumberId: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
};

type FailureKind = "outage" | "invalidNumber" | "rateLimit";

export type WhatsappFake = {
  url: string;
  messages: FakeWhatsappMessage[];
  /** How many sends were refused so far (each failure counts one). */
  refused: () => number;
  failNext: (count: number, kind?: FailureKind) => void;
  /** Posts a signed status webhook for a sent message; answers the app's HTTP status. */
  postStatus: (wamid: string, status: "sent" | "delivered" | "read" | "failed", signature?: "bad") => Promise<number>;
  /** Posts a signed inbound text from `from` (digits, as Meta writes numbers). */
  postInbound: (from: string, text: string) => Promise<number>;
  reset: () => void;
  close: () => Promise<void>;
};

/** The header Meta signs its webhooks with. */
export function whatsappSignature(body: string, appSecret: string): string {
  return `sha256=${crypto.createHmac("sha256", appSecret).update(body, "utf8").digest("hex")}`;
}

const failures: Record<FailureKind, { status: number; error: { message: string; type: string; code: number } }> = {
  outage: { status: 500, error: { message: "An unknown error occurred", type: "OAuthException", code: 1 } },
  rateLimit: { status: 429, error: { message: "Rate limit hit", type: "OAuthException", code: 130429 } },
  invalidNumber: {
    status: 400,
    error: { message: "Message undeliverable", type: "OAuthException", code: 131026 },
  },
};

/** A webhook body of the shape Meta posts: one entry, one change, the given value. */
function webhookBody(phoneNumberId: string, value: Record<string, unknown>) {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba-fake",
        changes: [
          {
            field: "messages",
            value: { messaging_product: "whatsapp", metadata: { phone_number_id: phoneNumberId }, ...value },
          },
        ],
      },
    ],
  });
}

export function startWhatsappFake(
  port = 0,
  options: { appSecret: string; webhookUrl: string; phoneNumberId?: string },
): Promise<WhatsappFake> {
  const phoneNumberId = options.phoneNumberId ?? "100200300";
  const messages: FakeWhatsappMessage[] = [];
  let failing = 0;
  let failureKind: FailureKind = "outage";
  let refusedCount = 0;

  async function deliver(value: Record<string, unknown>, signature?: "bad") {
    const body = webhookBody(phoneNumberId, value);
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Hub-Signature-256": whatsappSignature(body, signature === "bad" ? "not-the-secret" : options.appSecret),
      },
      body,
    });
    return response.status;
  }
  const now = () => String(Math.floor(Date.now() / 1000));
  const postStatus: WhatsappFake["postStatus"] = (wamid, status, signature) => {
    const message = messages.find((m) => m.id === wamid);
    return deliver(
      {
        statuses: [
          {
            id: wamid,
            status,
            timestamp: now(),
            recipient_id: message?.to ?? "0",
            ...(status === "failed" ? { errors: [{ code: 131026, title: "Message undeliverable" }] } : {}),
          },
        ],
      },
      signature,
    );
  };
  const postInbound: WhatsappFake["postInbound"] = (from, text) =>
    deliver({
      contacts: [{ wa_id: from, profile: { name: "Driver" } }],
      messages: [{ from, id: `wamid.in.${crypto.randomUUID()}`, timestamp: now(), type: "text", text: { body: text } }],
    });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", async () => {
      const json = () => JSON.parse(raw || "{}") as Record<string, unknown>;
      try {
        if (url.pathname === "/_control/messages" && req.method === "GET") return send(200, { data: messages });
        if (url.pathname === "/_control/messages" && req.method === "DELETE") {
          messages.length = 0;
          return send(200, { ok: true });
        }
        if (url.pathname === "/_control/failures" && req.method === "POST") {
          failing = Number(url.searchParams.get("count") ?? "1");
          failureKind = (url.searchParams.get("kind") as FailureKind | null) ?? "outage";
          return send(200, { ok: true });
        }
        if (url.pathname === "/_control/status" && req.method === "POST") {
          const { wamid, status } = json() as { wamid: string; status: "delivered" };
          return send(200, { webhookStatus: await postStatus(wamid, status) });
        }
        if (url.pathname === "/_control/inbound" && req.method === "POST") {
          const { from, text } = json() as { from: string; text: string };
          return send(200, { webhookStatus: await postInbound(from, text) });
        }
        const match = /^\/(\w+)\/messages$/.exec(url.pathname);
        if (!match || req.method !== "POST") return send(404, { error: { message: "Unknown path", code: 100 } });
        if (!/^Bearer \S+/.test(req.headers.authorization ?? ""))
          return send(401, { error: { message: "Invalid OAuth access token", type: "OAuthException", code: 190 } });
        if (failing > 0) {
          failing -= 1;
          refusedCount += 1;
          const failure = failures[failureKind];
          return send(failure.status, { error: failure.error });
        }
        const body = json() as {
          messaging_product?: string;
          to?: string;
          type?: string;
          template?: {
            name?: string;
            language?: { code?: string };
            components?: Array<{ type: string; parameters?: Array<{ type: string; text?: string }> }>;
          };
        };
        if (body.messaging_product !== "whatsapp" || body.type !== "template" || !body.to || !body.template?.name)
          return send(400, { error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 } });
        const bodyComponent = body.template.components?.find((c) => c.type === "body");
        const message: FakeWhatsappMessage = {
          id: `wamid.${crypto.randomBytes(12).toString("hex")}`,
          phoneNumberId: match[1],
          to: body.to,
          template: body.template.name,
          language: body.template.language?.code ?? "",
          parameters: (bodyComponent?.parameters ?? []).map((p) => p.text ?? ""),
        };
        messages.push(message);
        return send(200, {
          messaging_product: "whatsapp",
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: message.id, message_status: "accepted" }],
        });
      } catch {
        return send(400, { error: { message: "(#100) Invalid parameter", code: 100 } });
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        messages,
        refused: () => refusedCount,
        failNext: (count, kind = "outage") => {
          failing = count;
          failureKind = kind;
        },
        postStatus,
        postInbound,
        reset: () => {
          messages.length = 0;
          failing = 0;
          refusedCount = 0;
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
