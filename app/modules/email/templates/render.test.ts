import { describe, expect, it } from "vitest";
import { renderEmail } from "./render";

/*
 * React 18's streaming renderer (react-email's `render`, used here before) flushed whole 2,048-byte
 * buffers: when a multi-byte character (the footer's "—") straddled a buffer's end, the unwritten
 * tail went out as NUL bytes, which PostgreSQL refuses in the outbox's jsonb and mail clients cut
 * the message at. These emails put a character on that boundary.
 */
describe("renderEmail", () => {
  const rejected = (reference: string) => ({
    fullName: "Daniela",
    reference,
    reason: "No transfer",
    link: "http://localhost/payment/mobile?b=1",
  });
  const paid = {
    fullName: "Driver One",
    reference: "RD-KRBEGS",
    car: "Fiat Uno",
    amount: "$120",
    method: "cardPayment",
    link: "http://localhost:3000/booking?b=1",
  };
  it.each([
    ["mobile-payment-rejected", "el", rejected("RD-7KQ2MX")],
    ["mobile-payment-rejected", "fr", rejected("X")],
    ["payment-confirmation", "en", paid],
  ] as const)("never leaves NUL bytes in the HTML or the text (%s, %s)", async (template, language, data) => {
    const email = await renderEmail(template, language, data);
    expect(email.html).not.toContain("\u0000");
    expect(email.text).not.toContain("\u0000");
    expect(email.text).toContain(data.reference);
  });
});

/** A booking's trip and voucher, as the driver's emails carry them. */
const voucherData = {
  fullName: "Vera",
  reference: "RD-K2BPX9",
  car: "Fiat Uno",
  supplier: "Llanos Rent a Car",
  pickup: "Maiquetía Airport (CCS)",
  pickupAddress: "Av. Intercomunal",
  dropoff: "Maiquetía Airport (CCS)",
  dropoffAddress: "Av. Intercomunal",
  from: "Dec 3, 2026, 10:00",
  to: "Dec 5, 2026, 10:00",
  timeZone: "America/Caracas",
  days: 2,
  options: "",
  total: "$56",
  link: "http://localhost/booking?b=1",
  map: "https://www.openstreetmap.org/?mlat=10.6&mlon=-66.9#map=16/10.6/-66.9",
  counter: "Arrivals hall",
  supplierPhone: "+584141112233",
  supplierPhoneLink: "tel:+584141112233",
  whatsapp: "https://wa.me/584141112233",
  qr: "cid:voucher-qr",
  bring: "licence,identity,depositCard,voucher",
};

describe("the booking confirmation (docs/domain.md#voucher)", () => {
  const data = voucherData;

  it("carries the voucher: the QR code image, the map, the counter, phone, WhatsApp and what to bring", async () => {
    const email = await renderEmail("booking-confirmation", "en", { ...data, payment: "payLater" });
    expect(email.subject).toBe("Your booking RD-K2BPX9 is confirmed");
    expect(email.html).toContain('src="cid:voucher-qr"');
    expect(email.html).toContain('alt="QR code of booking RD-K2BPX9"');
    expect(email.html).toContain('href="https://wa.me/584141112233"');
    expect(email.html).toContain('href="tel:+584141112233"');
    expect(email.text).toContain("Maiquetía Airport (CCS), Dec 3, 2026, 10:00");
    expect(email.text).toContain("Arrivals hall");
    expect(email.text).toContain("Open the pick-up point on the map");
    expect(email.text).toContain("Your driving licence");
    expect(email.text).toContain("$56 (pay later)");
  });

  it("says how the total is paid, and leaves out the contacts the supplier has not given", async () => {
    const verifying = await renderEmail("booking-confirmation", "es", {
      ...data,
      payment: "verifying",
      whatsapp: null,
      supplierPhone: null,
      supplierPhoneLink: null,
      counter: null,
    });
    expect(verifying.text).toContain("$56 (transferencia en verificación)");
    expect(verifying.text).toContain("mientras verificamos su transferencia");
    expect(verifying.html).not.toContain("wa.me");
    expect(verifying.text).not.toContain("Contactar a");
    const paid = await renderEmail("booking-confirmation", "fr", { ...data, payment: "paid" });
    expect(paid.text).toContain("$56 (payé)");
  });
});

describe("the booking confirmation's price (docs/domain.md#price-lines)", () => {
  const booking = (priceLines: object[], deposit: string) => ({
    fullName: "María",
    reference: "RD-ABC123",
    car: "Kia Picanto",
    supplier: "Llanos",
    pickup: "Maiquetía",
    dropoff: "Maiquetía",
    from: "5 Dec 2026, 10:00",
    to: "7 Dec 2026, 10:00",
    timeZone: "America/Caracas",
    days: 2,
    options: "gps",
    total: "$60.48",
    priceLines: JSON.stringify(priceLines),
    deposit,
    link: "http://localhost:3000/booking?b=1",
  });

  it("lists the worded price lines, the deposit and that taxes are included", async () => {
    const email = await renderEmail(
      "booking-confirmation",
      "en",
      booking(
        [
          { label: "2 days × $28", amount: "$56", total: false },
          { label: "Pay-later fee (8%)", amount: "$4.48", total: false },
          { label: "Total", amount: "$60.48", total: true },
        ],
        "$150, paid in cash at the counter and given back at the return",
      ),
    );
    expect(email.text).toContain("2 days × $28: $56");
    expect(email.text).toContain("Pay-later fee (8%): $4.48");
    expect(email.text).toContain("Total: $60.48");
    expect(email.text).toContain("Security deposit: $150, paid in cash at the counter and given back at the return.");
    expect(email.text).toContain("Taxes included");
    // The lines say the total: no second "Total: $60.48 (pay later)" line.
    expect(email.text).not.toContain("(pay later)");
  });

  it("says nothing of a deposit when there is none", async () => {
    const email = await renderEmail(
      "booking-confirmation",
      "es",
      booking([{ label: "Total", amount: "$28", total: true }], ""),
    );
    expect(email.text).not.toContain("Depósito");
  });
});

describe("the pick-up reminder (docs/domain.md#reminder)", () => {
  const data = {
    ...voucherData,
    dropoff: "Valencia Centre",
    dropoffAddress: "Av. Bolívar Norte",
    to: "Dec 5, 2026, 18:30",
  };

  it("reminds the driver in English of the trip, the booking page, the voucher and what to bring", async () => {
    const email = await renderEmail("pickup-reminder", "en", data);
    expect(email.subject).toBe("Reminder: your car pick-up, booking RD-K2BPX9");
    expect(email.text).toContain("you pick up the Fiat Uno at Maiquetía Airport (CCS) on Dec 3, 2026, 10:00");
    expect(email.text).toContain("Drop-off: Valencia Centre, Dec 5, 2026, 18:30");
    expect(email.html).toContain('href="http://localhost/booking?b=1"');
    expect(email.html).toContain('src="cid:voucher-qr"');
    expect(email.text).toContain("Arrivals hall");
    expect(email.text).toContain("Your driving licence");
    // No calendar file comes with the reminder, and no price: the confirmation had both.
    expect(email.text).not.toContain(".ics");
    expect(email.text).not.toContain("Total");
  });

  it("speaks Spanish with usted", async () => {
    const email = await renderEmail("pickup-reminder", "es", { ...data, pickup: "Aeropuerto de Maiquetía (CCS)" });
    expect(email.subject).toBe("Recordatorio: recogida de su carro, reserva RD-K2BPX9");
    expect(email.text).toContain("Le recordamos que recoge el Fiat Uno el Dec 3, 2026, 10:00");
    expect(email.text).toContain("Aeropuerto de Maiquetía (CCS)");
    expect(email.text).toContain("Su licencia de conducir");
    expect(email.text).toContain("Ver la reserva");
  });
});
