import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricsEndpoint } from "~/modules/http/metrics.server";
import { observeRequests } from "~/modules/http/observe.server";
import { hashPassword } from "~/modules/user/password.server";
import { getDb } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { apiBuild } from "../api/client";
import { nextPeriod, seedCatalogue } from "../api/resources";
import { createUser } from "../factories";
import { serveBuild } from "../http-server";
import { captureLogs } from "../log-capture";

/*
 * docs/operations.md#logs and #metrics, over HTTP through the same Express stack as server.ts
 * (request observation first, /metrics, the Remix handler over the API routes, the error
 * handler): a request's id is in its response header and on each of its log lines, /metrics
 * answers the token only and shows the named series, and no line holds a password hash, an
 * email address or a phone number.
 */
const METRICS_TOKEN = "metrics-token-for-tests-0123456789";
const FORCED_NAME = "Forced Failure";
let base = "";
let close: () => Promise<void>;
const logs = captureLogs();
const catalogue = await seedCatalogue();

const serve = (metricsToken: string | undefined) =>
  serveBuild(apiBuild(), {
    ip: "198.51.100.91",
    before: (app) => {
      app.use(observeRequests());
      app.get("/metrics", metricsEndpoint(metricsToken));
      // The API build has no pages: the app's 404 page stands here for any other path.
      app.use((req, res, next) =>
        req.path.startsWith("/api/") ? next() : res.status(404).type("text").send("Not Found"),
      );
    },
  });

beforeAll(async () => {
  const db = await getDb();
  await db.execute(sql.raw(`alter table users add constraint forced_failure check (full_name <> '${FORCED_NAME}')`));
  ({ url: base, close } = await serve(METRICS_TOKEN));
});

afterAll(async () => {
  logs.restore();
  await close();
  const db = await getDb();
  await db.execute(sql.raw("alter table users drop constraint if exists forced_failure"));
  await closeDb();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const linesOf = (id: string) => logs.lines().filter((line) => line.reqId === id);

describe("request ids", () => {
  it("a request's id is in its response header and on every line it logged, access line included", async () => {
    const response = await post("/api/sign-up?l=en", {
      fullName: FORCED_NAME,
      email: `forced-${Date.now()}@example.com`,
      phone: "+584149990011",
      birthDate: "1990-01-01",
      password: "secret-password-1",
      confirmPassword: "secret-password-1",
      tos: true,
    });
    expect(response.status).toBe(500);
    const id = response.headers.get("X-Request-Id") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = linesOf(id);
    // The error the sign-up logged inside the Remix handler, and the access line.
    expect(lines.find((line) => line.op === "api signUp")).toMatchObject({
      level: "error",
      error: expect.stringContaining("database error 23514"),
    });
    expect(lines.filter((line) => line.path === "/api/sign-up")).toHaveLength(1);
    expect(lines.find((line) => line.path === "/api/sign-up")).toMatchObject({
      method: "POST",
      route: "routes/api.sign-up",
      status: 500,
      ms: expect.any(Number),
      bytes: expect.any(Number),
    });
  });

  it("keeps a caller's id when it is a short token, and replaces any other", async () => {
    const kept = await fetch(`${base}/api/locations`, { headers: { "X-Request-Id": "edge-42.a_b" } });
    expect(kept.headers.get("X-Request-Id")).toBe("edge-42.a_b");
    expect(linesOf("edge-42.a_b").map((line) => line.path)).toContain("/api/locations");

    const replaced = await fetch(`${base}/api/locations`, { headers: { "X-Request-Id": `bad id ${"x".repeat(80)}` } });
    expect(replaced.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs the path without its query string", async () => {
    const response = await fetch(`${base}/api/locations?token=reset-token-value`);
    const [line] = linesOf(response.headers.get("X-Request-Id") ?? "");
    expect(line.path).toBe("/api/locations");
    expect(logs.text()).not.toContain("reset-token-value");
  });
});

describe("/metrics", () => {
  it("refuses a caller without the token (401) or with another (403)", async () => {
    const none = await fetch(`${base}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    const wrong = await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer not-the-metrics-token" } });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain("rueda_");
  });

  it("is not there when no token is configured", async () => {
    const off = await serve(undefined);
    try {
      const response = await fetch(`${off.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("rueda_");
    } finally {
      await off.close();
    }
  });

  it("shows request durations by route, the outbox, job outcomes, payments and process metrics", async () => {
    // Something in each series: a request, an outbox row (the activation email of a sign-up).
    await fetch(`${base}/api/locations`);
    await post("/api/sign-up?l=en", {
      fullName: "Metrics Person",
      email: `metrics-${Date.now()}@example.com`,
      phone: "+584149990022",
      birthDate: "1990-01-01",
      password: "secret-password-1",
      confirmPassword: "secret-password-1",
      tos: true,
    });
    const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(
      /rueda_http_request_duration_seconds_bucket\{le="[\d.+Inf]+",method="GET",route="routes\/api.locations",status_class="2xx"\} \d+/,
    );
    expect(text).toMatch(
      /rueda_http_request_duration_seconds_count\{method="POST",route="routes\/api.sign-up",status_class="2xx"\} 1/,
    );
    expect(text).toMatch(/rueda_outbox_jobs\{job="send-email",status="pending"\} [1-9]/);
    expect(text).toMatch(/rueda_outbox_oldest_pending_age_seconds \d/);
    expect(text).toMatch(/rueda_outbox_overdue_jobs 0/);
    expect(text).toContain("# TYPE rueda_payments gauge");
    expect(text).toMatch(/rueda_metrics_database_up 1/);
    expect(text).toMatch(/process_cpu_user_seconds_total \d/);
    expect(text).toMatch(/nodejs_heap_size_used_bytes \d/);
    // Never a raw path as a label.
    expect(text).not.toMatch(/route="\/api/);
  });
});

describe("no personal data in the logs", () => {
  it("sign-up, sign-in, a failed sign-in, a failing request and a booking leave no email, phone or hash", async () => {
    const email = `private-${Date.now()}@example.com`;
    const phone = "+584147776655";
    const password = "secret-password-2";
    const start = logs.raw.length;

    expect(
      (
        await post("/api/sign-up?l=en", {
          fullName: "Private Person",
          email,
          phone,
          birthDate: "1990-01-01",
          password,
          confirmPassword: password,
          tos: true,
        })
      ).status,
    ).toBe(201);
    // Signs in once activated: the hash is read and compared.
    const db = await getDb();
    await db.execute(sql`update users set activated = true where email = ${email}`);
    const signedIn = await post("/api/sign-in/frontend?l=en", { email, password });
    expect(signedIn.status).toBe(200);
    const { accessToken } = (await signedIn.json()) as { accessToken: string };
    expect((await post("/api/sign-in/frontend?l=en", { email, password: "wrong-password" })).status).toBe(401);
    // The password in a check-password path and in a reset query string.
    await fetch(`${base}/api/check-password/1/${encodeURIComponent(password)}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    // A booking, with the driver's phone and birth date.
    const { from, to } = nextPeriod();
    const booking = await post(
      "/api/bookings?l=en",
      {
        carId: catalogue.car.id,
        pickupLocationId: catalogue.location.id,
        dropoffLocationId: catalogue.location.id,
        from,
        to,
        options: [],
        paymentMethod: "payLater",
        driver: { phone, birthDate: "1990-01-01" },
      },
      { Authorization: `Bearer ${accessToken}` },
    );
    expect(booking.status).toBe(201);
    // A failing request: the database refuses the row and the error names only the constraint.
    const other = await createUser(db, { passwordHash: await hashPassword(password), phone: "+584140001122" });
    expect(
      (
        await post("/api/sign-up?l=en", {
          fullName: FORCED_NAME,
          email: `failing-${Date.now()}@example.com`,
          phone,
          birthDate: "1990-01-01",
          password,
          confirmPassword: password,
          tos: true,
        })
      ).status,
    ).toBe(500);

    const text = logs.raw.slice(start).join("");
    expect(text.length).toBeGreaterThan(0);
    expect(text).toContain('"op":"api signUp"');
    for (const secret of [
      email,
      other.email,
      phone,
      phone.slice(1),
      "+584140001122",
      password,
      accessToken,
      FORCED_NAME,
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/);
    expect(text).not.toMatch(/\+?58\d{9,}/);
  });

  it("redacts sensitive keys and scrubs addresses from messages when a caller passes them anyway", async () => {
    const start = logs.raw.length;
    const { log } = await import("../../log/logger.server");
    log().info(
      { user: { email: "leak@example.com", phone: "+584140000000", passwordHash: "$argon2id$v=19$x" }, token: "t0k" },
      "signed up leak2@example.com from +58 414 000 0001",
    );
    const text = logs.raw.slice(start).join("");
    expect(text).toContain("[redacted]");
    for (const secret of ["leak@example.com", "leak2@example.com", "+584140000000", "414 000 0001", "$argon2", "t0k"])
      expect(text).not.toContain(secret);
  });
});
