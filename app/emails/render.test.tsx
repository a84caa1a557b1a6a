import { describe, expect, it } from "vitest";
import { renderEmail } from "./render";

/*
 * React 18's streaming renderer flushes whole 2,048-byte buffers: when a multi-byte character
 * (the footer's "—") would straddle a buffer's end, the unwritten tail goes out as NUL bytes.
 * PostgreSQL refuses NUL in the outbox's jsonb (so the business transaction failed), and mail
 * clients cut the message at it. This payment email put the footer's dash on that boundary.
 */
describe("renderEmail", () => {
  it("never leaves NUL bytes in the HTML or the text", async () => {
    const data = { fullName: "Driver One", reference: "RD-KRBEGS", car: "Fiat Uno", amount: "$120", method: "cardPayment", link: "http://localhost:3000/booking?b=1" };
    const { html, text } = await renderEmail("payment-confirmation", "en", data);
    expect(html).toContain("Rueda — car rental across Venezuela.");
    expect(html).not.toContain("\0");
    expect(text).not.toContain("\0");
  });
});
