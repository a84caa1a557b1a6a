import { describe, expect, it } from "vitest";
import { renderEmail } from "./render";

/*
 * React 18's streaming renderer flushes whole 2,048-byte buffers: when a multi-byte character
 * (the footer's "—") would straddle a buffer's end, the unwritten tail goes out as NUL bytes.
 * PostgreSQL refuses NUL in the outbox's jsonb (so the business transaction failed), and mail
 * clients cut the message at it. These emails put a character on that boundary.
 */
describe("renderEmail", () => {
  const rejected = (reference: string) => ({ fullName: "Daniela", reference, reason: "No transfer", link: "http://localhost/payment/mobile?b=1" });
  const paid = { fullName: "Driver One", reference: "RD-KRBEGS", car: "Fiat Uno", amount: "$120", method: "cardPayment", link: "http://localhost:3000/booking?b=1" };
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
