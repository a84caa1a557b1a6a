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
