import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { checkoutHref, type KnownLocation } from "~/modules/catalogue/search-query";
import type { OptionKey } from "~/modules/pricing/pricing";
import { authMessages } from "~/modules/user/messages";
import { checkoutHrefWithChoices, choicesFromParams, choosableOptions, parseCheckoutLink } from "./checkout-form";
import { bookingChoices, checkoutSchema } from "./checkout-schema";

const known = new Map<number, KnownLocation>([
  [1, { id: 1, timeZone: "America/Caracas" }],
  [2, { id: 2, timeZone: "America/Caracas" }],
]);
const now = new Date("2026-03-01T12:00:00Z");
const params = (href: string) => new URL(href, "http://x").searchParams;

describe("parseCheckoutLink", () => {
  it("reads a Book link on the pick-up place's clock", () => {
    const parsed = parseCheckoutLink(
      params(checkoutHref({ carId: 7, pickupId: 1, dropoffId: 2, from: "2026-03-10T10:00", to: "2026-03-13T12:00" })),
      known,
      now,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.link).toMatchObject({ carId: 7, pickupId: 1, dropoffId: 2 });
    expect(parsed.link.period.pickUp.toISOString()).toBe("2026-03-10T14:00:00.000Z");
    expect(parsed.link.period.days).toBe(4);
    expect(parsed.link.searchHref).toBe("/search?pickup=1&dropoff=2&from=2026-03-10T10:00&to=2026-03-13T12:00");
  });

  it("tells past dates from broken links, and keeps the way back to the search", () => {
    const past = parseCheckoutLink(
      params("/checkout?car=7&pickup=1&dropoff=1&from=2026-02-10T10:00&to=2026-02-13T10:00"),
      known,
      now,
    );
    expect(past).toEqual({
      ok: false,
      problem: "pastDates",
      searchHref: "/search?pickup=1&same=1&from=2026-02-10T10:00&to=2026-02-13T10:00",
      errors: { from: "catalogue:errors.pickupPast" },
    });
    for (const href of [
      "/checkout?pickup=1&dropoff=1&from=2026-03-10T10:00&to=2026-03-13T10:00",
      "/checkout?car=x7&pickup=1&dropoff=1&from=2026-03-10T10:00&to=2026-03-13T10:00",
      "/checkout?car=7&pickup=99&dropoff=1&from=2026-03-10T10:00&to=2026-03-13T10:00",
      "/checkout?car=7&pickup=1&dropoff=1&from=2026-03-10T10:00&to=2026-03-09T10:00",
      "/checkout?car=7&pickup=1&dropoff=1&from=soon&to=2026-03-13T10:00",
    ]) {
      expect(parseCheckoutLink(params(href), known, now), href).toMatchObject({ ok: false, problem: "invalid" });
    }
  });

  it("names the wrong parameter with the search's messages", () => {
    const errorsOf = (href: string) => {
      const parsed = parseCheckoutLink(params(href), known, now);
      return parsed.ok ? null : parsed.errors;
    };
    expect(errorsOf("/checkout?car=x7&pickup=99&dropoff=1&from=2026-03-10T10:00&to=2026-03-13T10:00")).toEqual({
      car: "booking:errors.carNotFound",
      pickup: "catalogue:errors.unknownLocation",
    });
    expect(errorsOf("/checkout?car=7&pickup=1&dropoff=1&from=soon&to=2026-03-09T10:00")).toEqual({
      from: "catalogue:errors.dateInvalid",
    });
    expect(errorsOf("/checkout?car=7&pickup=1&dropoff=1&from=2026-03-10T10:00&to=2026-03-09T10:00")).toEqual({
      to: "catalogue:errors.dropoffBeforePickup",
    });
  });
});

const car = {
  options: {
    cancellation: 1500,
    gps: 500,
    homeDelivery: -1,
    babyChair: 0,
    theftProtection: -1,
    collisionDamageWaiver: -1,
    fullInsurance: -1,
    additionalDriver: 700,
  } as Record<OptionKey, number>,
};
const visitorSchema = checkoutSchema({
  choosable: choosableOptions(car),
  additionalIncluded: false,
  driver: { kind: "visitor" },
  today: "2026-03-01",
});

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}
const visitor: Array<[string, string]> = [
  ["fullName", "Ana Pérez"],
  ["email", "Ana@Example.com"],
  ["phone", "+58 414-111 2233"],
  ["birthDate", "1990-05-01"],
  ["tos", "on"],
  ["payment", "payLater"],
];

describe("checkoutSchema", () => {
  it("offers only priced options", () => {
    expect(choosableOptions(car)).toEqual(["cancellation", "gps", "additionalDriver"]);
  });

  it("accepts a visitor with one or several options", () => {
    const one = parseWithZod(form([...visitor, ["options", "gps"]]), { schema: visitorSchema });
    expect(one.status).toBe("success");
    if (one.status !== "success") return;
    expect(one.value).toMatchObject({ options: ["gps"], email: "ana@example.com", phone: "+584141112233", tos: true });
    const two = parseWithZod(form([...visitor, ["options", "gps"], ["options", "cancellation"]]), {
      schema: visitorSchema,
    });
    expect(two.status === "success" && two.value.options).toEqual(["cancellation", "gps"]);
  });

  it("rejects tampered values: options not offered or unknown, another payment, no terms", () => {
    for (const option of ["homeDelivery", "babyChair", "sunroof"]) {
      const result = parseWithZod(form([...visitor, ["options", option]]), { schema: visitorSchema });
      expect(result.status, option).toBe("error");
      expect(result.reply().error?.options).toEqual(["booking:errors.optionUnavailable"]);
    }
    const card = parseWithZod(form(visitor.map(([k, v]) => [k, k === "payment" ? "cardPayment" : v])), {
      schema: visitorSchema,
    });
    expect(card.reply().error?.payment).toEqual(["booking:errors.payment"]);
    const offered = checkoutSchema({
      choosable: [],
      additionalIncluded: false,
      driver: { kind: "visitor" },
      today: "2026-03-01",
      payments: ["cardPayment", "walletPayment"],
    });
    const online = parseWithZod(form(visitor.map(([k, v]) => [k, k === "payment" ? "cardPayment" : v])), {
      schema: offered,
    });
    expect(online.status === "success" && online.value.payment).toBe("cardPayment");
    const notOffered = parseWithZod(form(visitor), { schema: offered });
    expect(notOffered.reply().error?.payment).toEqual(["booking:errors.payment"]);
    const noTerms = parseWithZod(form(visitor.filter(([k]) => k !== "tos")), { schema: visitorSchema });
    expect(noTerms.reply().error?.tos).toEqual([authMessages.acceptTerms]);
  });

  it("needs the additional driver with that option, and ignores the fieldset without it", () => {
    const missing = parseWithZod(form([...visitor, ["options", "additionalDriver"]]), { schema: visitorSchema });
    expect(Object.keys(missing.reply().error ?? {})).toEqual([
      "additionalFullName",
      "additionalEmail",
      "additionalPhone",
      "additionalBirthDate",
    ]);
    const extra: Array<[string, string]> = [
      ["additionalFullName", "Luis Pérez"],
      ["additionalEmail", "luis@example.com"],
      ["additionalPhone", "04141112234"],
      ["additionalBirthDate", "1985-01-01"],
    ];
    const given = parseWithZod(form([...visitor, ["options", "additionalDriver"], ...extra]), {
      schema: visitorSchema,
    });
    expect(given.status).toBe("success");
    if (given.status !== "success") return;
    expect(bookingChoices(given.value, false)).toEqual({
      options: ["additionalDriver"],
      additionalDriver: {
        fullName: "Luis Pérez",
        email: "luis@example.com",
        phone: "04141112234",
        birthDate: "1985-01-01",
      },
    });
    const unchosen = parseWithZod(form([...visitor, ["additionalFullName", "Luis"]]), { schema: visitorSchema });
    expect(unchosen.status === "success" && bookingChoices(unchosen.value, false)).toEqual({
      options: [],
      additionalDriver: null,
    });
  });

  it("asks a signed-in driver only what the account lacks", () => {
    const schema = checkoutSchema({
      choosable: [],
      additionalIncluded: false,
      driver: { kind: "user", askPhone: true, askBirthDate: false },
      today: "2026-03-01",
    });
    expect(parseWithZod(form([["payment", "payLater"]]), { schema }).reply().error).toEqual({
      phone: ["validation.required"],
    });
    const ok = parseWithZod(
      form([
        ["payment", "payLater"],
        ["phone", "04141112233"],
        ["fullName", "Someone else"],
      ]),
      { schema },
    );
    expect(ok.status === "success" && ok.value).toMatchObject({
      options: [],
      phone: "04141112233",
      payment: "payLater",
      fullName: undefined,
    });
  });
});

describe("checkout choices in the URL", () => {
  it("round-trips options and the additional driver, dropping unknown options", () => {
    const href = checkoutHrefWithChoices("?car=7&pickup=1&dropoff=1&from=a&to=b&options=old", {
      options: ["gps", "cancellation"],
      additionalFullName: "Luis",
    });
    expect(href).toBe(
      "/checkout?car=7&pickup=1&dropoff=1&from=a&to=b&options=cancellation&options=gps&additionalFullName=Luis",
    );
    expect(choicesFromParams(params(`${href}&options=sunroof`))).toEqual({
      options: ["cancellation", "gps"],
      additionalFullName: "Luis",
      additionalEmail: "",
      additionalPhone: "",
      additionalBirthDate: "",
    });
  });
});
