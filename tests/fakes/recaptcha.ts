import http from "node:http";
import crypto from "node:crypto";

/*
 * Google reCAPTCHA's POST /recaptcha/api/siteverify, as the product's fetch client calls it
 * (form fields secret, response, remoteip). Tests issue tokens as the widget would; each is
 * good once, for the fake's one secret, as on the real service. Answers in Google's shape.
 */
export type RecaptchaFake = {
  url: string;
  secret: string;
  /** A token the widget would give a person (a v3 `score` when given). */
  issue: (options?: { score?: number; hostname?: string }) => string;
  /** The `remoteip` the product sent with `token`, once it asked. */
  remoteIpOf: (token: string) => string | null;
  close: () => Promise<void>;
};

export function startRecaptchaFake(port = 0): Promise<RecaptchaFake> {
  const secret = `fake-recaptcha-secret-${crypto.randomBytes(6).toString("hex")}`;
  const issued = new Map<string, { score?: number; hostname: string; spent: boolean; remoteIp: string | null }>();
  /** One call of the fake: its status and JSON answer. */
  const answer = (method: string | undefined, path: string, raw: string): [number, unknown] => {
    if (method === "GET" && path === "/health") return [200, { ok: true }];
    if (method !== "POST" || path !== "/recaptcha/api/siteverify") return [404, {}];
    const form = new URLSearchParams(raw);
    if (form.get("secret") !== secret) return [200, { success: false, "error-codes": ["invalid-input-secret"] }];
    const token = issued.get(form.get("response") ?? "");
    if (!token) return [200, { success: false, "error-codes": ["invalid-input-response"] }];
    if (token.spent) return [200, { success: false, "error-codes": ["timeout-or-duplicate"] }];
    token.spent = true;
    token.remoteIp = form.get("remoteip");
    const score = token.score !== undefined ? { score: token.score, action: "signup" } : {};
    return [200, { success: true, challenge_ts: new Date().toISOString(), hostname: token.hostname, ...score }];
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const [status, body] = answer(req.method, path, Buffer.concat(chunks).toString("utf8"));
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}/recaptcha/api/siteverify`,
        secret,
        issue: ({ score, hostname = "localhost" } = {}) => {
          const token = `03A${crypto.randomBytes(48).toString("base64url")}`;
          issued.set(token, { score, hostname, spent: false, remoteIp: null });
          return token;
        },
        remoteIpOf: (token) => issued.get(token)?.remoteIp ?? null,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
