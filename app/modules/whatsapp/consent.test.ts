import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { consentNumber, whatsappConsentSchema } from "./consent";

const parse = (entries: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return parseWithZod(form, { schema: whatsappConsentSchema });
};

describe("the WhatsApp consent form", () => {
  it("opts in with a Venezuelan number however typed, kept in E.164", () => {
    const submission = parse({ whatsappOptIn: "on", whatsappNumber: "0414-555 0101" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(consentNumber(submission.value)).toBe("+584145550101");
  });

  it("asks for a number it can reach when the box is ticked", () => {
    expect(parse({ whatsappOptIn: "on" }).reply().error).toEqual({ whatsappNumber: ["validation.required"] });
    expect(parse({ whatsappOptIn: "on", whatsappNumber: "0212 555 0101" }).reply().error).toEqual({
      whatsappNumber: ["validation.invalidWhatsapp"],
    });
  });

  it("unticked, ignores what was typed: nothing is sent there", () => {
    const submission = parse({ whatsappNumber: "not a number" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(consentNumber(submission.value)).toBeNull();
  });
});
