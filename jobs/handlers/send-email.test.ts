import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deliverEmail } from "./send-email";

describe("deliverEmail without a Resend key", () => {
  it("writes the email it was given to <dataDir>/mail/<job id>.json", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rueda-mail-"));
    const email = {
      template: "contact-message",
      to: ["file@example.com"],
      language: "en",
      subject: "To a file",
      html: "<p>Hi</p>",
      text: "Hi",
    } as const;
    await deliverEmail({ ...email, to: [...email.to] }, "test-file:1", {
      from: "Rueda <no-reply@rueda.test>",
      dataDir,
    });
    const written = JSON.parse(fs.readFileSync(path.join(dataDir, "mail", "test-file_1.json"), "utf8"));
    expect(written).toMatchObject({
      from: "Rueda <no-reply@rueda.test>",
      to: ["file@example.com"],
      subject: "To a file",
      html: "<p>Hi</p>",
      text: "Hi",
    });
  });
});
