import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  LOGO_MAX_BYTES,
  staffInviteSchema,
  supplierMessages,
  supplierRulesSchema,
  supplierSchema,
} from "./supplier-form";

function form(values: Record<string, string | File>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  return formData;
}

const errorsOf = (submission: { status?: "success" | "error"; error?: Record<string, string[] | null> | null }) =>
  (submission.status === "error" ? submission.error : null) ?? {};

describe("supplierSchema", () => {
  it("accepts a supplier without phone or logo, switches unticked meaning off", () => {
    const submission = parseWithZod(form({ name: "Llanos Rent a Car", email: " Reservas@Llanos.Example " }), {
      schema: supplierSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).toEqual({
        name: "Llanos Rent a Car",
        email: "reservas@llanos.example",
        rif: null,
        fiscalAddress: null,
      });
    }
  });

  it("stores a phone without its separators and ticked boxes as true", () => {
    const submission = parseWithZod(
      form({ name: "Llanos", email: "a@b.example", phone: "+58 (414) 111-2233", payLater: "on", active: "on" }),
      {
        schema: supplierSchema,
      },
    );
    expect(submission.status === "success" && submission.value).toMatchObject({
      phone: "+584141112233",
      payLater: true,
      active: true,
    });
  });

  it("says which contact detail is wrong, with the spec's messages", () => {
    const errors = errorsOf(
      parseWithZod(form({ name: "Llanos", email: "not-an-email", phone: "12ab" }), { schema: supplierSchema }),
    );
    expect(errors.email).toEqual(["validation.invalidEmail"]);
    expect(errors.phone).toEqual(["validation.invalidPhone"]);
  });

  it("asks for the name and the email", () => {
    const errors = errorsOf(parseWithZod(form({ name: "  " }), { schema: supplierSchema }));
    expect(errors.name).toEqual(["validation.required"]);
    expect(errors.email).toEqual(["validation.required"]);
  });

  it("treats an empty file input as no logo and refuses a file over the cap before it is decoded", () => {
    const none = parseWithZod(form({ name: "Llanos", email: "a@b.example", logo: new File([], "") }), {
      schema: supplierSchema,
    });
    expect(none.status === "success" && none.value.logo).toBeUndefined();
    const huge = new File([new Uint8Array(LOGO_MAX_BYTES + 1)], "logo.png", { type: "image/png" });
    expect(
      errorsOf(parseWithZod(form({ name: "Llanos", email: "a@b.example", logo: huge }), { schema: supplierSchema }))
        .logo,
    ).toEqual(["adminSuppliers:logo.tooLarge"]);
  });
});

describe("staffInviteSchema", () => {
  it("needs a name, a valid email and one of the site's languages", () => {
    expect(
      parseWithZod(form({ fullName: "Ana Pérez", email: "ana@llanos.example", language: "fr" }), {
        schema: staffInviteSchema,
      }).status,
    ).toBe("success");
    const errors = errorsOf(
      parseWithZod(form({ fullName: "", email: "ana@", language: "de" }), { schema: staffInviteSchema }),
    );
    expect(errors.fullName).toEqual(["validation.required"]);
    expect(errors.email).toEqual(["validation.invalidEmail"]);
    expect(errors.language).toBeDefined();
  });
});

describe("supplierSchema: WhatsApp (docs/domain.md#voucher)", () => {
  it("takes a WhatsApp number with its country code, stored as the digits of a wa.me link", () => {
    const parse = (whatsapp: string) =>
      parseWithZod(form({ name: "Llanos", email: "a@b.example", whatsapp }), { schema: supplierSchema });
    for (const typed of ["+58 414-111 2233", "58 (414) 1112233", "+584141112233"]) {
      const submission = parse(typed);
      expect(submission.status === "success" && submission.value.whatsapp).toBe("584141112233");
    }
    for (const typed of ["0414 1112233", "+58 41", "+58 414 111 2233 999 999", "whatsapp"]) {
      expect(errorsOf(parse(typed)).whatsapp).toEqual(["validation.invalidWhatsapp"]);
    }
  });
});

describe("supplierSchema: RIF and fiscal address (docs/domain.md#fleet-data)", () => {
  const parse = (values: Record<string, string>) =>
    parseWithZod(form({ name: "Llanos", email: "a@b.example", ...values }), { schema: supplierSchema });

  it("stores a RIF as J-12345678-4 however it was typed, and the fiscal address trimmed", () => {
    for (const rif of ["J-30125874-6", "j301258746", " J 30125874 6 ", "J-30125874 6"]) {
      const submission = parse({ rif, fiscalAddress: "  Av. Francisco de Miranda, Chacao  " });
      expect(submission.status === "success" && submission.value, rif).toMatchObject({
        rif: "J-30125874-6",
        fiscalAddress: "Av. Francisco de Miranda, Chacao",
      });
    }
  });

  it("refuses a RIF with a wrong check digit, letter or length, with its message", () => {
    for (const rif of ["J-30125874-5", "X-30125874-6", "J-3012587-6", "J-301258741-6", "RIF"]) {
      expect(errorsOf(parse({ rif })).rif, rif).toEqual([supplierMessages.rif]);
    }
  });

  it("refuses a fiscal address over 300 characters", () => {
    expect(errorsOf(parse({ fiscalAddress: "x".repeat(301) })).fiscalAddress).toHaveLength(1);
  });
});

describe("supplierRulesSchema (docs/domain.md#final-bill)", () => {
  const rules = (values: Record<string, string>) =>
    parseWithZod(
      form({
        preparationHours: "2",
        minimumNoticeHours: "24",
        minimumDays: "1",
        refuelEighth: "5.50",
        lateGraceMinutes: "59",
        depositReturnDays: "7",
        youngDriverAge: "25",
        ...values,
      }),
      { schema: supplierRulesSchema },
    );

  it("reads the refuelling price in dollars as cents and the grace period in minutes", () => {
    const submission = rules({});
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value).toEqual({
        preparationHours: 2,
        minimumNoticeHours: 24,
        minimumDays: 1,
        oneWayFeeCents: null,
        refuelEighth: 550,
        lateGraceMinutes: 59,
        depositReturnDays: 7,
        youngDriverAge: 25,
        youngDriverFeeCents: null,
      });
    for (const [refuelEighth, lateGraceMinutes] of [
      ["0", "0"],
      ["1,000", "240"],
    ]) {
      expect(rules({ refuelEighth, lateGraceMinutes }).status).toBe("success");
    }
  });

  it.each([
    ["refuelEighth", "-1", "adminSuppliers:rules.refuelEighthRange"],
    ["refuelEighth", "1000.01", "adminSuppliers:rules.refuelEighthRange"],
    ["refuelEighth", "five", "adminSuppliers:rules.refuelEighthRange"],
    ["refuelEighth", "", "validation.required"],
    ["lateGraceMinutes", "241", "adminSuppliers:rules.lateGraceMinutesRange"],
    ["lateGraceMinutes", "-1", "adminSuppliers:rules.lateGraceMinutesRange"],
    ["lateGraceMinutes", "2.5", "adminSuppliers:rules.lateGraceMinutesRange"],
    // docs/domain.md#deposit-ledger
    ["depositReturnDays", "0", "adminSuppliers:rules.depositReturnDaysRange"],
    ["depositReturnDays", "91", "adminSuppliers:rules.depositReturnDaysRange"],
  ])("refuses %s = %j with its message", (field, value, message) => {
    expect(errorsOf(rules({ [field]: value }))[field]).toEqual([message]);
  });
});

describe("supplierRulesSchema one-way fee (docs/domain.md#fees)", () => {
  const rules = (oneWayFeeCents?: string) => {
    const formData = new FormData();
    formData.set("preparationHours", "0");
    formData.set("minimumNoticeHours", "0");
    formData.set("minimumDays", "1");
    formData.set("refuelEighth", "0");
    formData.set("lateGraceMinutes", "0");
    formData.set("depositReturnDays", "7");
    formData.set("youngDriverAge", "25");
    if (oneWayFeeCents !== undefined) formData.set("oneWayFeeCents", oneWayFeeCents);
    return parseWithZod(formData, { schema: supplierRulesSchema });
  };
  const value = (typed?: string) => {
    const submission = rules(typed);
    return submission.status === "success" ? submission.value.oneWayFeeCents : submission.error;
  };

  it("keeps typed dollars as cents, and an empty field or 0 as no fee", () => {
    expect(value("40")).toBe(4000);
    expect(value("40,50")).toBe(4050);
    expect(value("$12.05")).toBe(1205);
    expect(value("")).toBeNull();
    expect(value()).toBeNull();
    expect(value("0")).toBeNull();
  });

  it("refuses words, negative amounts, three decimals and more than $10,000", () => {
    for (const typed of ["forty", "-5", "1.005", "10000.01"])
      expect(value(typed), typed).toEqual({ oneWayFeeCents: ["adminSuppliers:rules.oneWayFeeRange"] });
    expect(value("10000")).toBe(1_000_000);
  });
});

describe("supplierRulesSchema young driver fee (docs/domain.md#young-driver-fee)", () => {
  const rules = (values: Record<string, string>) =>
    parseWithZod(
      form({
        preparationHours: "0",
        minimumNoticeHours: "0",
        minimumDays: "1",
        refuelEighth: "0",
        lateGraceMinutes: "0",
        depositReturnDays: "7",
        youngDriverAge: "25",
        ...values,
      }),
      { schema: supplierRulesSchema },
    );

  it("keeps the age in years and the daily fee in cents; an empty fee or 0 is none", () => {
    const value = (values: Record<string, string>) => {
      const submission = rules(values);
      return submission.status === "success"
        ? [submission.value.youngDriverAge, submission.value.youngDriverFeeCents]
        : submission.error;
    };
    expect(value({ youngDriverFeeCents: "10" })).toEqual([25, 1000]);
    expect(value({ youngDriverAge: "21", youngDriverFeeCents: "12,50" })).toEqual([21, 1250]);
    expect(value({ youngDriverAge: "99", youngDriverFeeCents: "1000" })).toEqual([99, 100_000]);
    expect(value({ youngDriverFeeCents: "" })).toEqual([25, null]);
    expect(value({ youngDriverFeeCents: "0" })).toEqual([25, null]);
  });

  it.each([
    ["youngDriverAge", "20", "adminSuppliers:rules.youngDriverAgeRange"],
    ["youngDriverAge", "100", "adminSuppliers:rules.youngDriverAgeRange"],
    ["youngDriverAge", "24.5", "adminSuppliers:rules.youngDriverAgeRange"],
    ["youngDriverFeeCents", "1000.01", "adminSuppliers:rules.youngDriverFeeRange"],
    ["youngDriverFeeCents", "-5", "adminSuppliers:rules.youngDriverFeeRange"],
    ["youngDriverFeeCents", "ten", "adminSuppliers:rules.youngDriverFeeRange"],
  ])("refuses %s = %j with its message", (field, value, message) => {
    expect(errorsOf(rules({ [field]: value }))[field]).toEqual([message]);
  });
});
