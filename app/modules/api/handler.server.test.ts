import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { ApiError } from "./errors";
import { apiRoute, implement, reply } from "./handler.server";
import { defineOperation } from "./operation";
import { captureLogs } from "../../../tests/log-capture";

const operation = defineOperation({
  id: "probe",
  method: "POST",
  path: "/api/probe",
  tag: "Test",
  summary: "probe",
  auth: "none",
  body: z.object({ mode: z.string() }),
  responses: { 200: { description: "ok", schema: z.object({ value: z.number() }) } },
  errors: [401, 403],
  errorCodes: { 403: ["suspended"] },
});

const route = apiRoute(
  implement(operation, async ({ body }) => {
    if (body.mode === "redirect") throw redirect("/sign-in?redirectTo=/x");
    if (body.mode === "forbidden") throw new Response(null, { status: 403 });
    if (body.mode === "crash") throw new Error("database exploded at /secret/path");
    if (body.mode === "api") throw new ApiError(403, "suspended", "auth:signIn.suspended");
    return reply(200, { value: 1, secret: "column" } as { value: number });
  }),
);

const context = {
  user: null,
  credential: null,
  sessionId: null,
  language: "en",
  ip: "127.0.0.1",
  nonce: "",
  t: getFixedT("en"),
} as unknown as AppLoadContext;
const call = (mode: string) =>
  route.action({
    request: new Request("http://rueda.test/api/probe?l=en", {
      method: "POST",
      body: JSON.stringify({ mode }),
      headers: { "Content-Type": "application/json" },
    }),
    context,
    params: {},
  });

describe("apiRoute", () => {
  it("sends only what the answer's schema declares", async () => {
    const response = await call("ok");
    expect(await response.json()).toEqual({ value: 1 });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("turns the pages' thrown answers into the error shape: a sign-in redirect is a 401", async () => {
    expect(await (await call("redirect")).json()).toEqual({
      error: { code: "unauthorized", message: "Please sign in: the access token is missing, expired or revoked." },
    });
    const forbidden = await call("forbidden");
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).error.code).toBe("forbidden");
    expect(await (await call("api")).json()).toEqual({
      error: { code: "suspended", message: "Your account is suspended" },
    });
  });

  it("answers an unexpected error with a bare 500 and logs it", async () => {
    const log = captureLogs();
    const response = await call("crash").finally(log.restore);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "internal", message: "An unhandled error occurred. Please try again in a moment." },
    });
    expect(text).not.toContain("exploded");
    // The operation's id and the error's name and message (docs/security.md#error-logs).
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ level: "error", op: "api probe", error: expect.stringMatching(/^Error: .*exploded/) }),
    );
  });

  it("refuses other methods with 405 and Allow", async () => {
    const response = await route.loader({
      request: new Request("http://rueda.test/api/probe?l=en"),
      context,
      params: {},
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});
