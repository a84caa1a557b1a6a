import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { normalizeRate, rateDateProblem, settingsSchema } from "./settings";

describe("normalizeRate", () => {
  it("accepts positive decimals with up to 4 decimals, a comma as the point", () => {
    expect(normalizeRate("245.5")).toBe("245.5");
    expect(normalizeRate(" 36,50 ")).toBe("36.5");
    expect(normalizeRate("0036.5000")).toBe("36.5");
    expect(normalizeRate("0.0001")).toBe("0.0001");
    expect(normalizeRate("40")).toBe("40");
    expect(normalizeRate("9999999999.9999")).toBe("9999999999.9999");
  });

  it("refuses zero, negatives, more than 4 decimals, too many digits and anything else", () => {
    for (const bad of ["0", "0.0000", "-1", "1.23456", "12345678901", "1,234.5", "1e3", "abc", "", " . "]) {
      expect(normalizeRate(bad), bad).toBeNull();
    }
  });
});

describe("rateDateProblem", () => {
  it("accepts real days up to 3 days ahead (the BCV dates a Friday rate for Monday)", () => {
    expect(rateDateProblem("2026-11-20", "2026-11-23")).toBeNull();
    expect(rateDateProblem("2026-11-26", "2026-11-23")).toBeNull();
    expect(rateDateProblem("2026-12-31", "2026-12-30")).toBeNull();
  });

  it("refuses impossible days and later ones", () => {
    expect(rateDateProblem("2026-02-30", "2026-02-01")).toBe("invalid");
    expect(rateDateProblem("23/11/2026", "2026-11-23")).toBe("invalid");
    expect(rateDateProblem("2026-11-27", "2026-11-23")).toBe("future");
    expect(rateDateProblem("2027-01-03", "2026-12-30")).toBe("future");
  });
});

describe("settingsSchema", () => {
  const schema = settingsSchema("2026-11-23");
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(values)) data.set(key, value);
    return data;
  };
  const valid = {
    rate: "245,5",
    rateDate: "2026-11-23",
    source: " BCV ",
    bank: "0102",
    phone: "+58 414 123 4567",
    rif: "j123456784",
    holder: "Rueda Alquileres C.A.",
    cardPayments: "on",
  };

  it("gives the stored formats", () => {
    const result = parseWithZod(form(valid), { schema });
    expect(result.status).toBe("success");
    if (result.status === "success") {
      expect(result.value).toEqual({
        rate: "245.5",
        rateDate: "2026-11-23",
        source: "BCV",
        bank: "0102",
        phone: "04141234567",
        rif: "J-12345678-4",
        holder: "Rueda Alquileres C.A.",
        cardPayments: true,
      });
    }
  });

  it("reads an unticked box as card payments off", () => {
    const { cardPayments: _, ...off } = valid;
    const result = parseWithZod(form(off), { schema });
    expect(result.status === "success" && result.value.cardPayments).toBeFalsy();
  });

  it("names each wrong field", () => {
    const result = parseWithZod(
      form({
        ...valid,
        rate: "-3",
        rateDate: "2026-12-01",
        source: "x".repeat(41),
        bank: "BANCO",
        phone: "0212-1234567",
        rif: "J-12345678-9",
      }),
      { schema },
    );
    expect(result.reply().error).toEqual({
      rate: ["adminSettings:errors.rate"],
      rateDate: ["adminSettings:errors.rateDateFuture"],
      source: ["validation.tooLong"],
      bank: ["adminSettings:errors.bank"],
      phone: ["validation.invalidPhone"],
      rif: ["adminSettings:errors.rif"],
    });
  });

  it("requires the Zelle and bank transfer accounts only when switched on, in their stored formats", () => {
    const on = parseWithZod(form({ ...valid, zelle: "on", bankTransfer: "on" }), { schema });
    expect(on.reply().error).toEqual({
      zelleEmail: ["validation.required"],
      zelleHolder: ["validation.required"],
      transferBank: ["validation.required"],
      transferAccount: ["validation.required"],
      transferHolder: ["validation.required"],
      transferRif: ["validation.required"],
    });
    const full = parseWithZod(
      form({
        ...valid,
        zelle: "on",
        zelleEmail: " Pagos@Rueda.example ",
        zelleHolder: "Rueda LLC",
        bankTransfer: "on",
        transferBank: "0102",
        transferAccount: "0102-0123-45-0000012345",
        transferHolder: "Rueda C.A.",
        transferRif: "j123456784",
      }),
      { schema },
    );
    expect(full.status === "success" && full.value).toMatchObject({
      zelleEmail: "pagos@rueda.example",
      transferAccount: "01020123450000012345",
      transferRif: "J-12345678-4",
    });
    expect(parseWithZod(form({ ...valid, transferAccount: "123" }), { schema }).reply().error).toEqual({
      transferAccount: ["adminSettings:errors.account"],
    });
  });
});
