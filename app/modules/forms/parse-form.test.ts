import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm } from "./parse-form";

const schema = z.object({
  subject: z.string().min(3),
  marks: z.array(z.object({ area: z.string(), note: z.string().optional() })).optional(),
  driver: z.object({ name: z.string() }).optional(),
});

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("parseForm", () => {
  it("reads a form as parseWithZod does", () => {
    const submission = parseForm(
      form([
        ["subject", "Hola"],
        ["marks[0].area", "front"],
      ]),
      { schema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      subject: "Hola",
      marks: [{ area: "front" }],
    });
  });

  it("answers with the fields the schema knows and none it does not", () => {
    const result = parseForm(
      form([
        ["subject", "Hi"],
        ["marks[1].area", "front"],
        ["marks[1].planted", "x"],
        ["driver.name", "Ana"],
        ["driver.planted", "x"],
        ["zz[50]", "x"],
        ["toString", "x"],
      ]),
      { schema },
    ).reply({ formErrors: ["form.error"] });
    expect(result.initialValue).toEqual({
      subject: "Hi",
      marks: [undefined, { area: "front" }],
      driver: { name: "Ana" },
    });
    expect(result.fields?.sort()).toEqual(["driver.name", "marks[1].area", "subject"]);
    expect(result.error).toMatchObject({ "": ["form.error"], subject: expect.any(Array) });
  });

  it("keeps conform's reply options", () => {
    const result = parseForm(
      form([
        ["subject", "Hi"],
        ["password", "secret"],
      ]),
      {
        schema: schema.extend({ password: z.string() }),
      },
    ).reply({ hideFields: ["password"] });
    expect(result.initialValue).toEqual({ subject: "Hi" });
  });
});
