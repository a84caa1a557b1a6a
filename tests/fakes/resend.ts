import crypto from "node:crypto";
import http from "node:http";

export type FakeEmail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** As the API takes them: base64 content, and `content_id` for an inline image. */
  attachments: Array<{ filename: string; content: string; content_type: string | null; content_id: string | null }>;
  idempotencyKey: string | null;
  createdAt: string;
};

/**
 * Speaks enough of Resend's API (POST /emails with Bearer auth and Idempotency-Key)
 * for the product's real SDK, and lets tests read what was sent: GET /emails?to=…
 */
export type ResendFake = {
  url: string;
  emails: FakeEmail[];
  /**
   * Answer the next `count` sends with an error: a 500 as in an outage, or a 422 that
   * Resend gives for a request no retry can fix.
   */
  failNext: (count: number, kind?: "outage" | "invalid") => void;
  /** Never answer the next `count` sends, as a hung connection would; `close` drops them. */
  hangNext: (count: number) => void;
  close: () => Promise<void>;
};

export function startResendFake(port = 0): Promise<ResendFake> {
  const emails: FakeEmail[] = [];
  let failures = 0;
  let failureKind: "outage" | "invalid" = "outage";
  let hangs = 0;
  const byKey = new Map<string, FakeEmail>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && url.pathname === "/health") return send(200, { ok: true });
    if (req.method === "GET" && url.pathname === "/emails") {
      const to = url.searchParams.get("to")?.toLowerCase();
      return send(200, { data: to ? emails.filter((e) => e.to.some((t) => t.toLowerCase() === to)) : emails });
    }
    // The switch `failNext` for a fake in another process (an e2e server's): POST /failures?count=1&kind=invalid
    if (req.method === "POST" && url.pathname === "/failures") {
      const count = Number(url.searchParams.get("count") ?? "1");
      const kind = url.searchParams.get("kind") === "invalid" ? "invalid" : "outage";
      if (!Number.isSafeInteger(count) || count < 0)
        return send(400, { statusCode: 400, name: "validation_error", message: "count must be a whole number" });
      failures = count;
      failureKind = kind;
      return send(200, { ok: true });
    }
    if (req.method === "DELETE" && url.pathname === "/emails") {
      emails.length = 0;
      byKey.clear();
      return send(200, { ok: true });
    }
    if (req.method === "POST" && url.pathname === "/emails") {
      if (!/^Bearer re_\w+/.test(req.headers.authorization ?? "")) {
        return send(401, {
          statusCode: 401,
          name: "missing_api_key",
          message: "Missing API key in the authorization header.",
        });
      }
      if (failures > 0) {
        failures -= 1;
        return failureKind === "outage"
          ? send(500, { statusCode: 500, name: "internal_server_error", message: "Simulated outage" })
          : send(422, { statusCode: 422, name: "validation_error", message: "Simulated invalid request" });
      }
      if (hangs > 0) {
        hangs -= 1;
        return;
      }
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", () => {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw);
        } catch {
          return send(422, { statusCode: 422, name: "validation_error", message: "Invalid JSON" });
        }
        if (!body.from || !body.to || !body.subject) {
          return send(422, {
            statusCode: 422,
            name: "missing_required_field",
            message: "from, to and subject are required",
          });
        }
        const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
        const existing = key ? byKey.get(key) : undefined;
        if (existing) return send(200, { id: existing.id });
        const email: FakeEmail = {
          id: crypto.randomUUID(),
          from: String(body.from),
          to: Array.isArray(body.to) ? body.to.map(String) : [String(body.to)],
          subject: String(body.subject),
          html: String(body.html ?? ""),
          text: String(body.text ?? ""),
          attachments: (Array.isArray(body.attachments)
            ? (body.attachments as Array<Record<string, unknown>>)
            : []
          ).map((a) => ({
            filename: String(a.filename ?? ""),
            content: String(a.content ?? ""),
            content_type: typeof a.content_type === "string" ? a.content_type : null,
            content_id: typeof a.content_id === "string" ? a.content_id : null,
          })),
          idempotencyKey: key,
          createdAt: new Date().toISOString(),
        };
        emails.push(email);
        if (key) byKey.set(key, email);
        send(200, { id: email.id });
      });
      return;
    }
    send(404, { statusCode: 404, name: "not_found", message: "Not found" });
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        emails,
        failNext: (count, kind = "outage") => {
          failures = count;
          failureKind = kind;
        },
        hangNext: (count) => {
          hangs = count;
        },
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
