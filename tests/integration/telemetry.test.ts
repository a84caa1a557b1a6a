import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { trace } from "@opentelemetry/api";
import { afterAll, describe, expect, it } from "vitest";

/*
 * docs/operations.md#error-reporting and #traces: with SENTRY_DSN and OTEL_EXPORTER_OTLP_ENDPOINT
 * set, errors reach Sentry and spans reach the collector (here one local server playing both),
 * holding the log line's summary and paths without query strings, never the values.
 */
const received: { path: string; body: string }[] = [];
const collector = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    received.push({ path: req.url ?? "", body: Buffer.concat(chunks).toString("latin1") });
    res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  });
});
await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
const port = (collector.address() as AddressInfo).port;

// Set before anything reads the environment (config/env.ts reads it once, on first use, below).
process.env.SENTRY_DSN = `http://publickey@127.0.0.1:${port}/1`;
process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;

const { startTelemetry } = await import("~/modules/http/telemetry.server");
startTelemetry("test");
const { logError } = await import("../../log/error-log");
const require = createRequire(import.meta.url);

afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

describe("error reports and traces", () => {
  it("a logged error reaches Sentry as its summary: no query, no values", async () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      severity: "ERROR",
      code: "23505",
      table_name: "users",
      constraint_name: "users_email_unique",
      detail: "Key (email)=(reported@example.com) already exists.",
    });
    const wrapped = Object.assign(
      new Error("Failed query: insert into users values ($1)\nparams: reported@example.com,$argon2id$v=19$hash"),
      { params: ["reported@example.com"], cause: driver },
    );
    logError("api signUp", wrapped);
    const Sentry = require("@sentry/node-core") as typeof import("@sentry/node-core");
    expect(await Sentry.flush(5000)).toBe(true);
    const envelope = received.find((request) => request.path.includes("/api/1/envelope"));
    expect(envelope?.body).toContain("database error 23505 table=users constraint=users_email_unique");
    expect(envelope?.body).toContain('"op":"api signUp"');
    for (const secret of ["reported@example.com", "$argon2", "Failed query", "params"])
      expect(envelope?.body).not.toContain(secret);
  });

  it("a request's span reaches the collector without its query string", async () => {
    const app = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const appPort = (app.address() as AddressInfo).port;
    await (await fetch(`http://127.0.0.1:${appPort}/reset-password?token=span-secret-token`)).text();
    await new Promise<void>((resolve) => app.close(() => resolve()));
    const provider = trace.getTracerProvider() as unknown as { getDelegate(): { forceFlush(): Promise<void> } };
    await provider.getDelegate().forceFlush();
    const spans = received.filter((request) => request.path === "/v1/traces");
    expect(spans.length).toBeGreaterThan(0);
    const body = spans.map((request) => request.body).join("\n");
    expect(body).toContain("/reset-password");
    expect(body).not.toContain("span-secret-token");
  });
});
