import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { isValidPhone, normalizePhone } from "~/modules/forms/fields";
import { changePasswordSchema, profileSchema, resetPasswordSchema, signInSchema, signUpSchema } from "./validation";

const today = "2026-06-01";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], values: Record<string, string>) {
  return parseWithZod(form(values), { schema }).reply().error ?? {};
}

const validSignUp = {
  fullName: "Ana Pérez",
  email: "Ana@Example.com ",
  phone: "+58 414-111 2233",
  birthDate: "1990-04-12",
  password: "secret1",
  confirmPassword: "secret1",
  tos: "on",
};

describe("sign-up", () => {
  const schema = signUpSchema({ today });

  it("accepts a complete form and normalises email and phone", () => {
    const submission = parseWithZod(form(validSignUp), { schema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.email).toBe("ana@example.com");
    expect(submission.value.phone).toBe("+584141112233");
    expect(submission.value.tos).toBe(true);
  });

  it("asks for every empty field and the Terms of Use", () => {
    expect(errorsOf(schema, {})).toEqual({
      fullName: ["validation.required"],
      email: ["validation.required"],
      phone: ["validation.required"],
      birthDate: ["validation.required"],
      password: ["validation.required"],
      confirmPassword: ["validation.required"],
      tos: ["auth:validation.acceptTerms"],
    });
  });

  it.each([
    [{ password: "12345", confirmPassword: "12345" }, "password", "auth:validation.passwordTooShort"],
    [{ confirmPassword: "secret2" }, "confirmPassword", "auth:validation.passwordsDontMatch"],
    [{ email: "ana@" }, "email", "validation.invalidEmail"],
    [{ phone: "12ab" }, "phone", "validation.invalidPhone"],
    [{ phone: "123456" }, "phone", "validation.invalidPhone"],
    [{ birthDate: "2005-06-02" }, "birthDate", "auth:validation.tooYoung"],
    [{ birthDate: "2030-01-01" }, "birthDate", "auth:validation.invalidDate"],
    [{ birthDate: "1990-02-30" }, "birthDate", "auth:validation.invalidDate"],
    [{ birthDate: "1850-01-01" }, "birthDate", "auth:validation.invalidDate"],
    [{ fullName: "x".repeat(121) }, "fullName", "validation.tooLong"],
    [{ password: "x".repeat(129), confirmPassword: "x".repeat(129) }, "password", "validation.tooLong"],
  ])("rejects %j on %s", (change, field, message) => {
    expect(errorsOf(schema, { ...validSignUp, ...change })[field]).toEqual([message]);
  });

  it("accepts someone turning 21 today", () => {
    expect(errorsOf(schema, { ...validSignUp, birthDate: "2005-06-01" })).toEqual({});
  });

  it("requires the captcha answer only when the captcha is on", () => {
    expect(errorsOf(signUpSchema({ today, captcha: true }), validSignUp).captchaAnswer).toEqual([
      "auth:validation.captcha",
    ]);
    expect(errorsOf(schema, validSignUp)).toEqual({});
  });
});

describe("sign-in", () => {
  it("does not apply the new-password length rule to existing passwords", () => {
    expect(errorsOf(signInSchema, { email: "a@b.co", password: "123" })).toEqual({});
  });
  it("needs an email and a password", () => {
    expect(errorsOf(signInSchema, {})).toEqual({ email: ["validation.required"], password: ["validation.required"] });
  });
  it("reads the stay-connected checkbox", () => {
    const submission = parseWithZod(form({ email: "a@b.co", password: "x", stayConnected: "on" }), {
      schema: signInSchema,
    });
    expect(submission.status === "success" && submission.value.stayConnected).toBe(true);
  });
});

describe("change password", () => {
  it("refuses the current password as the new one", () => {
    expect(
      errorsOf(changePasswordSchema, { currentPassword: "secret1", password: "secret1", confirmPassword: "secret1" }),
    ).toEqual({
      password: ["auth:validation.chooseNewPassword"],
    });
  });
  it("checks length and confirmation of the new password", () => {
    expect(
      errorsOf(changePasswordSchema, { currentPassword: "secret1", password: "abc", confirmPassword: "abc" }).password,
    ).toEqual(["auth:validation.passwordTooShort"]);
    expect(
      errorsOf(changePasswordSchema, { currentPassword: "secret1", password: "secret2", confirmPassword: "secret3" }),
    ).toEqual({
      confirmPassword: ["auth:validation.passwordsDontMatch"],
    });
  });
});

describe("reset password", () => {
  it("needs matching new passwords", () => {
    expect(errorsOf(resetPasswordSchema, { token: "t", password: "secret1", confirmPassword: "secret2" })).toEqual({
      confirmPassword: ["auth:validation.passwordsDontMatch"],
    });
  });
});

describe("profile", () => {
  const schema = profileSchema({ today });
  it("needs only the full name", () => {
    expect(errorsOf(schema, { fullName: "Ana" })).toEqual({});
    expect(errorsOf(schema, {})).toEqual({ fullName: ["validation.required"] });
  });
  it("needs a document type when a document number is given", () => {
    expect(errorsOf(schema, { fullName: "Ana", documentNumber: "V-1" })).toEqual({
      documentType: ["validation.required"],
    });
  });
  it("refuses an unknown document type and a young birth date", () => {
    expect(errorsOf(schema, { fullName: "Ana", documentType: "3" }).documentType).toBeDefined();
    expect(errorsOf(schema, { fullName: "Ana", birthDate: "2010-01-01" }).birthDate).toEqual([
      "auth:validation.tooYoung",
    ]);
  });
});

describe("phone numbers", () => {
  it.each(["+58 414 111 2233", "0414-1112233", "(0212) 555.12.34", "+33612345678"])("accepts %s", (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });
  it.each(["", "123456", "+58 414 111 2233 4444 5", "0414-ABC-2233", "++584141112233", "58+4141112233"])(
    "refuses %j",
    (phone) => {
      expect(isValidPhone(phone)).toBe(false);
    },
  );
  it("drops separators", () => {
    expect(normalizePhone("+58 (414) 111-22.33")).toBe("+584141112233");
  });
});
