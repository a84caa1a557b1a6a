import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { requireOwnBodyId, requireOwnPathId } from "./own-account";

describe("own account ids", () => {
  const user = { id: 7 };
  it("lets the caller's own id through", () => {
    expect(() => requireOwnPathId(user, 7)).not.toThrow();
    expect(() => requireOwnBodyId(user, 7)).not.toThrow();
    expect(() => requireOwnBodyId(user, undefined)).not.toThrow();
  });
  it("answers another id with 404 in a path and 403 in a body", () => {
    expect(() => requireOwnPathId(user, 8)).toThrow(expect.objectContaining({ status: 404 }) as ApiError);
    expect(() => requireOwnBodyId(user, 8)).toThrow(expect.objectContaining({ status: 403 }) as ApiError);
  });
});
