import { describe, expect, it } from "vitest";
import { counterInstructions, mapLink, phoneLink, whatsappLink, whatToBring } from "./voucher";

const counters = (values: Partial<Record<"counterEs" | "counterEn" | "counterFr" | "counterEl", string>>) => ({
  counterEs: "",
  counterEn: "",
  counterFr: "",
  counterEl: "",
  ...values,
});

describe("the voucher (docs/domain.md#voucher)", () => {
  it("links WhatsApp, the phone and the map as a phone and a browser open them", () => {
    expect(whatsappLink("584141112233")).toBe("https://wa.me/584141112233");
    expect(phoneLink("+584141112233")).toBe("tel:+584141112233");
    expect(mapLink({ latitude: 10.6031, longitude: -66.9906 })).toBe(
      "https://www.openstreetmap.org/?mlat=10.6031&mlon=-66.9906#map=16/10.6031/-66.9906",
    );
  });

  it("gives the counter instructions in the reader's language", () => {
    const place = counters({ counterEs: "Hall de llegadas", counterEn: "Arrivals hall" });
    expect(counterInstructions(place, "en")).toBe("Arrivals hall");
    expect(counterInstructions(place, "es")).toBe("Hall de llegadas");
  });

  it("falls back to the first language given, and to nothing when none is", () => {
    expect(counterInstructions(counters({ counterEn: " Arrivals hall " }), "el")).toBe("Arrivals hall");
    expect(counterInstructions(counters({ counterFr: "Hall", counterEl: "Αίθουσα" }), "es")).toBe("Hall");
    expect(counterInstructions(counters({ counterEs: "   " }), "fr")).toBeNull();
  });

  it("asks every driver for the same four things, the licence first", () => {
    expect(whatToBring).toEqual(["licence", "identity", "depositCard", "voucher"]);
  });
});
