import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/utils/session.server";
import { requireUser } from "./auth.server";

const baseUser: SessionUser = {
  id: 7,
  email: "someone@example.com",
  fullName: "Some One",
  type: "user",
  language: "en",
  activated: true,
  supplierId: null,
  avatar: null,
  enableEmailNotifications: true,
  unreadNotifications: 0,
};

const contextFor = (user: Partial<SessionUser> | null) =>
  ({ user: user && { ...baseUser, ...user } }) as unknown as AppLoadContext;
const request = (path: string) => new Request(`http://rueda.test${path}`);

function thrown(fn: () => unknown): Response {
  try {
    fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

describe("requireUser", () => {
  it("returns the signed-in user", () => {
    expect(requireUser(request("/settings"), contextFor({})).id).toBe(7);
  });
  it("sends a visitor to sign in, remembering the page", () => {
    const response = thrown(() => requireUser(request("/bookings?page=2"), contextFor(null)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sign-in?redirectTo=%2Fbookings%3Fpage%3D2");
  });
});
