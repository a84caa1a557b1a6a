import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  changeTypeSchema,
  createAccountSchema,
  likePattern,
  readUserListQuery,
  selfActionProblem,
  supplierFor,
  userListHref,
} from "./admin-users";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

describe("readUserListQuery", () => {
  it("keeps a known type, the trimmed search and a positive page", () => {
    expect(readUserListQuery(new URLSearchParams("q=  ana  &type=supplier&page=3"))).toEqual({
      q: "ana",
      type: "supplier",
      page: 3,
    });
  });

  it("reads bad values as no filter and the first page", () => {
    expect(readUserListQuery(new URLSearchParams("type=enterprise&page=-2"))).toEqual({ q: "", type: null, page: 1 });
    expect(readUserListQuery(new URLSearchParams("type=root&page=1.5")).page).toBe(1);
    expect(readUserListQuery(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(100);
  });

  it("round-trips through the list's URL, which drops the defaults", () => {
    expect(userListHref({ q: "", type: null, page: 1 })).toBe("/admin/users");
    const href = userListHref({ q: "a&b", type: "user", page: 1 }, 2);
    expect(href).toBe("/admin/users?q=a%26b&type=user&page=2");
    expect(readUserListQuery(new URL(href, "http://x").searchParams)).toEqual({ q: "a&b", type: "user", page: 2 });
  });
});

describe("likePattern", () => {
  it("searches for LIKE's wildcards as plain characters", () => {
    expect(likePattern("ana")).toBe("%ana%");
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("changeTypeSchema", () => {
  it("asks for the type with the spec's message key", () => {
    const result = parseWithZod(form({}), { schema: changeTypeSchema });
    expect(result.status).toBe("error");
    expect(result.reply().error).toEqual({ type: ["validation.required"] });
  });

  it("refuses a type an admin cannot give", () => {
    expect(parseWithZod(form({ type: "enterprise" }), { schema: changeTypeSchema }).status).toBe("error");
  });

  it("needs a supplier for supplier staff only", () => {
    expect(parseWithZod(form({ type: "supplier" }), { schema: changeTypeSchema }).reply().error).toEqual({
      supplierId: ["validation.required"],
    });
    expect(
      parseWithZod(form({ type: "supplier", supplierId: "x" }), { schema: changeTypeSchema }).reply().error,
    ).toEqual({ supplierId: ["adminUsers:errors.supplier"] });
    const supplier = parseWithZod(form({ type: "supplier", supplierId: "4" }), { schema: changeTypeSchema });
    expect(supplier.status === "success" && supplierFor(supplier.value)).toBe(4);
    // A supplier left in the form of a driver or admin is not kept.
    const driver = parseWithZod(form({ type: "user", supplierId: "4" }), { schema: changeTypeSchema });
    expect(driver.status === "success" && supplierFor(driver.value)).toBeNull();
  });
});

describe("createAccountSchema", () => {
  const valid = { fullName: "Ana Pérez", email: " Ana@Example.COM ", phone: "+58 414-111 2233", type: "admin" };

  it("normalises the email and phone", () => {
    const result = parseWithZod(form(valid), { schema: createAccountSchema });
    expect(result.status).toBe("success");
    if (result.status === "success")
      expect(result.value).toMatchObject({ email: "ana@example.com", phone: "+584141112233", type: "admin" });
  });

  it("gives the spec's messages for a bad email, a bad phone and a missing type", () => {
    const result = parseWithZod(form({ ...valid, email: "ana@", phone: "12", type: "" }), {
      schema: createAccountSchema,
    });
    expect(result.reply().error).toEqual({
      email: ["validation.invalidEmail"],
      phone: ["validation.invalidPhone"],
      type: ["validation.required"],
    });
  });

  it("creates staff only: no driver accounts", () => {
    expect(parseWithZod(form({ ...valid, type: "user" }), { schema: createAccountSchema }).status).toBe("error");
  });
});

describe("selfActionProblem", () => {
  it("refuses an admin suspending, deleting or demoting themselves", () => {
    expect(selfActionProblem(1, 1, { kind: "suspend" })).toBe("selfSuspend");
    expect(selfActionProblem(1, 1, { kind: "delete" })).toBe("selfDelete");
    expect(selfActionProblem(1, 1, { kind: "changeType", type: "supplier" })).toBe("selfDemote");
    expect(selfActionProblem(1, 1, { kind: "changeType", type: "user" })).toBe("selfDemote");
  });

  it("allows the same on anyone else, and keeping one's own admin type", () => {
    expect(selfActionProblem(1, 2, { kind: "suspend" })).toBeNull();
    expect(selfActionProblem(1, 2, { kind: "delete" })).toBeNull();
    expect(selfActionProblem(1, 2, { kind: "changeType", type: "user" })).toBeNull();
    expect(selfActionProblem(1, 1, { kind: "changeType", type: "admin" })).toBeNull();
  });
});
