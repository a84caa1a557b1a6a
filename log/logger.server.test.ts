import { describe, expect, it } from "vitest";
import { redactSensitive } from "./logger.server";

describe("redactSensitive (docs/security.md#error-logs)", () => {
  it("blanks a sensitive key at any of the first three levels, in objects and arrays", () => {
    const fields = {
      email: "a@example.com",
      user: { phone: "+584140000000", id: 7 },
      req: { headers: { cookie: "sid=1", authorization: "Bearer x", accept: "text/html" } },
      rows: [{ passwordHash: "$argon2id$", id: 1 }],
    };
    expect(redactSensitive(fields)).toEqual({
      email: "[redacted]",
      user: { phone: "[redacted]", id: 7 },
      req: { headers: { cookie: "[redacted]", authorization: "[redacted]", accept: "text/html" } },
      rows: [{ passwordHash: "[redacted]", id: 1 }],
    });
  });

  it("leaves the caller's object as it was and returns it unchanged when nothing is sensitive", () => {
    const fields = { user: { email: "a@example.com" }, op: "x" };
    const redacted = redactSensitive(fields);
    expect(fields.user.email).toBe("a@example.com");
    expect(redacted.user).not.toBe(fields.user);
    const clean = { op: "job", jobId: "j1", nested: { count: 2 } };
    expect(redactSensitive(clean)).toBe(clean);
  });

  it("keeps an error an error, so its stack is still serialized", () => {
    const error = Object.assign(new Error("boom"), { token: "t0k" });
    const redacted = redactSensitive({ err: error }).err;
    expect(redacted).toBeInstanceOf(Error);
    expect(redacted.message).toBe("boom");
    expect(redacted.stack).toBe(error.stack);
    expect(redacted.token).toBe("[redacted]");
  });
});
