import { describe, expect, it } from "vitest";
import { createTranslator } from "~/modules/i18n/translate";
import { resources } from "~/locales/resources";
import {
  actionLabel,
  auditChanges,
  auditDateRange,
  auditHref,
  auditValue,
  fieldLabel,
  humanField,
  readAuditQuery,
  subjectHref,
} from "./audit-view";

describe("auditValue", () => {
  it("shows amounts of fields named …Cents in dollars, and other numbers as they are", () => {
    expect(auditValue("dailyPriceCents", 450050)).toEqual({ kind: "text", text: "$4,500.50" });
    expect(auditValue("depositCents", 30000)).toEqual({ kind: "text", text: "$300" });
    expect(auditValue("seats", 5)).toEqual({ kind: "text", text: "5" });
    expect(auditValue("payLaterFeePercent", 4500)).toEqual({ kind: "text", text: "4500" });
  });

  it("names nothing, yes and no as words the page translates", () => {
    expect(auditValue("logo", null)).toEqual({ kind: "empty" });
    expect(auditValue("note", "")).toEqual({ kind: "empty" });
    expect(auditValue("places", [])).toEqual({ kind: "empty" });
    expect(auditValue("payLater", true)).toEqual({ kind: "yes" });
    expect(auditValue("active", false)).toEqual({ kind: "no" });
  });

  it("shows instants on the app's wall clock (Caracas, UTC-4) and joins lists", () => {
    expect(auditValue("rateDate", "2026-11-23T18:30:00.000Z")).toEqual({ kind: "text", text: "2026-11-23 14:30" });
    expect(auditValue("rateDate", "2026-11-23")).toEqual({ kind: "text", text: "2026-11-23" });
    expect(auditValue("places", [3, 1, 7])).toEqual({ kind: "text", text: "3, 1, 7" });
    expect(auditValue("options", { gps: 500 })).toEqual({ kind: "text", text: '{"gps":500}' });
  });

  it("cuts very long text", () => {
    const shown = auditValue("reason", "x".repeat(500));
    expect(shown.kind === "text" && shown.text.length).toBe(200);
    expect(shown.kind === "text" && shown.text.endsWith("…")).toBe(true);
  });
});

describe("auditChanges", () => {
  it("lists each stored field with before and after", () => {
    expect(auditChanges({ dailyPriceCents: [4500, 5000], status: ["pending", "succeeded"] })).toEqual([
      { field: "dailyPriceCents", before: { kind: "text", text: "$45" }, after: { kind: "text", text: "$50" } },
      { field: "status", before: { kind: "text", text: "pending" }, after: { kind: "text", text: "succeeded" } },
    ]);
  });

  it("skips anything that is not a [before, after] pair", () => {
    expect(auditChanges({ ok: [null, "x"], odd: "x", short: [1] })).toEqual([
      { field: "ok", before: { kind: "empty" }, after: { kind: "text", text: "x" } },
    ]);
    expect(auditChanges(null)).toEqual([]);
    expect(auditChanges([1, 2])).toEqual([]);
  });
});

describe("humanField", () => {
  it("splits camelCase into words and drops the Cents suffix (the value is shown in dollars)", () => {
    expect(humanField("dailyPriceCents")).toBe("daily price");
    expect(humanField("minimumAge")).toBe("minimum age");
    expect(humanField("time_zone")).toBe("time zone");
    expect(humanField("name")).toBe("name");
  });
});

describe("the log's filters", () => {
  it("reads known values and drops the rest", () => {
    expect(
      readAuditQuery(
        new URLSearchParams("subject=car&actor=%20ana@rueda.example%20&from=2026-11-01&to=2026-11-30&page=3"),
      ),
    ).toEqual({
      subject: "car",
      actor: "ana@rueda.example",
      from: "2026-11-01",
      to: "2026-11-30",
      page: 3,
    });
    expect(readAuditQuery(new URLSearchParams("subject=spaceship&from=2026-02-30&to=yesterday&page=-2"))).toEqual({
      subject: null,
      actor: "",
      from: "",
      to: "",
      page: 1,
    });
  });

  it("turns the days into instants in Caracas, the last day included", () => {
    expect(auditDateRange({ from: "2026-11-01", to: "2026-11-30" })).toEqual({
      from: new Date("2026-11-01T04:00:00Z"),
      to: new Date("2026-12-01T04:00:00Z"),
    });
    expect(auditDateRange({ from: "", to: "" })).toEqual({ from: null, to: null });
  });

  it("keeps the filters in the page links", () => {
    const query = readAuditQuery(new URLSearchParams("subject=user&actor=ana"));
    expect(auditHref(query, 2)).toBe("/admin/audit?subject=user&actor=ana&page=2");
    expect(auditHref(readAuditQuery(new URLSearchParams()), 1)).toBe("/admin/audit");
  });
});

describe("subjectHref", () => {
  it("links the subjects that have a back-office page", () => {
    expect(subjectHref("car", 7)).toBe("/admin/cars/7");
    expect(subjectHref("location", 2)).toBe("/admin/places/2");
    expect(subjectHref("supplier", 3)).toBe("/admin/suppliers/3");
    expect(subjectHref("user", 9)).toBe("/admin/users/9");
    expect(subjectHref("payment", 9)).toBeNull();
    expect(subjectHref("car", null)).toBeNull();
  });
});

describe("labels", () => {
  const en = createTranslator(resources, ["en"], "adminAudit");
  const es = createTranslator(resources, ["es"], "adminAudit");

  it("names an action by its own label, or by its subject and verb", () => {
    expect(actionLabel(en, "car.update")).toBe("Car changed");
    expect(actionLabel(es, "payment.approve")).toBe("Pago móvil aprobado");
    expect(actionLabel(en, "car.paint")).toBe("Car · paint");
    expect(actionLabel(en, "supplier.delete")).toBe("Supplier deleted");
    expect(actionLabel(en, "spaceship.launch")).toBe("spaceship · launch");
  });

  it("names a field by its translation, or in words", () => {
    expect(fieldLabel(en, "dailyPriceCents")).toBe("Daily price");
    expect(fieldLabel(es, "dailyPriceCents")).toBe("Precio por día");
    expect(fieldLabel(en, "fullInsuranceCents")).toBe("full insurance");
  });

  it("names the pricing and availability rules' fields in each language (docs/domain.md#audit)", () => {
    const fields = [
      "weeklyDailyPriceCents",
      "monthlyDailyPriceCents",
      "youngDriverFeeCents",
      "youngDriverAge",
      "oneWayFeeCents",
      "preparationHours",
      "minimumNoticeHours",
      "minimumDays",
      "openingHours",
      "closedDates",
      "outOfHoursFeeCents",
      "firstDay",
      "lastDay",
      "percent",
      "bolivarEstimates",
    ];
    for (const language of ["es", "en", "fr", "el"]) {
      const t = createTranslator(resources, [language], "adminAudit");
      for (const field of fields) expect(fieldLabel(t, field), `${language} ${field}`).not.toBe(humanField(field));
    }
    expect(fieldLabel(es, "youngDriverFeeCents")).toBe("Cargo por conductor joven por día");
    expect(fieldLabel(en, "oneWayFeeCents")).toBe("One-way fee");
  });
});
