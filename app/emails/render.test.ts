import { describe, expect, it } from "vitest";
import { renderEmail } from "./render";

describe("renderEmail", () => {
  // These lengths of preview text made React's stream writer leave NUL bytes in the HTML.
  it.each([
    ["el", "RD-7KQ2MX"],
    ["fr", "X"],
  ])("never returns NUL characters (%s, %s)", async (language, reference) => {
    const email = await renderEmail("mobile-payment-rejected", language, { fullName: "Daniela", reference, reason: "No transfer", link: "http://localhost/payment/mobile?b=1" });
    expect(email.html).not.toContain("\u0000");
    expect(email.text).not.toContain("\u0000");
    expect(email.text).toContain(reference);
  });
});
