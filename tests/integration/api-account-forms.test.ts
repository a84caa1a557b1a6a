import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { signedInUser } from "../api/client";
import { api, freshEmail, userRow, json } from "./fixtures/api-account";

/* The account API's calls in the reference client's forms beside Rueda's own (docs/architecture.md#api). */

afterAll(async () => {
  await closeDb();
});

describe("the reference client's forms beside Rueda's own", () => {
  it("update-user changes only the fields sent; an empty string clears one", async () => {
    const { user, token } = await signedInUser({
      phone: "+584141112233",
      location: "Caracas",
      bio: "Hello",
      documentType: 1,
      documentNumber: "V12345678",
    });
    const response = await api("/api/update-user", { method: "POST", token, json: { location: "Mérida", bio: "" } });
    expect(response.status).toBe(200);
    expect((await json(response)).user).toMatchObject({
      fullName: "Test Person",
      phone: "+584141112233",
      location: "Mérida",
      bio: null,
      documentType: "1",
      documentNumber: "V12345678",
    });
    // A document number needs a type, sent or saved.
    const { token: other } = await signedInUser();
    const refused = await api("/api/update-user?l=en", {
      method: "POST",
      token: other,
      json: { documentNumber: "X1" },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys((await json(refused)).error.fields)).toEqual(["documentType"]);
    // An empty name is refused, not saved.
    expect((await api("/api/update-user", { method: "POST", token, json: { fullName: " " } })).status).toBe(400);
    expect((await userRow(user.id)).fullName).toBe("Test Person");
  });

  it("change-password: a wrong current password in the reference client's form is a field error on `password`", async () => {
    const { user, token, password } = await signedInUser();
    const wrong = await api("/api/change-password?l=en", {
      method: "POST",
      token,
      json: { _id: user.id, password: "not-it", newPassword: "brand-new", strict: true },
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toMatchObject({ code: "wrongPassword", fields: { password: "Wrong password" } });
    const same = await api("/api/change-password?l=en", {
      method: "POST",
      token,
      json: { password, newPassword: password },
    });
    expect((await json(same)).error.fields).toEqual({ newPassword: "Please choose a new password" });
  });

  it("validate-email: 200 with available for a free address, 204 with no body for a registered one", async () => {
    const { user } = await signedInUser();
    const free = await api("/api/validate-email", { method: "POST", json: { email: freshEmail() } });
    expect([free.status, await json(free)]).toEqual([200, { available: true }]);
    const taken = await api("/api/validate-email", { method: "POST", json: { email: user.email } });
    expect([taken.status, await taken.text(), taken.headers.get("Content-Type")]).toEqual([204, "", null]);
  });
});
