import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";
import { referenceOf, typeLabel } from "./reference";
import { apiOperations } from "./registry";

describe("the reference page's view of the document", () => {
  const view = referenceOf(openApiDocument(apiOperations, "https://rueda.example"));

  it("shows types in a few words, never zod's long date regexes", () => {
    expect(typeLabel({ type: "integer", minimum: 1, maximum: 100 }).text).toBe("integer 1–100");
    expect(typeLabel({ type: ["string", "null"], format: "uri" }).text).toBe("string (uri) or null");
    expect(typeLabel({ anyOf: [{ $ref: "#/components/schemas/Car" }, { type: "null" }] }).text).toBe("Car or null");
    expect(typeLabel({ enum: ["payLater", "cardPayment"] }).text).toBe("one of `payLater`, `cardPayment`");
    expect(typeLabel({ type: "array", items: { $ref: "#/components/schemas/Location" } })).toEqual({
      text: "array of Location",
      ref: "Location",
    });
    const text = JSON.stringify(view);
    expect(text).not.toMatch(/\(\?:\(\?:\\\\d/);
    expect(Math.max(...[...text.matchAll(/"text":"([^"]*)"/g)].map((match) => match[1].length))).toBeLessThan(200);
  });

  it("has every operation, its body fields as a table and an example of every answer", () => {
    expect(view.operations).toHaveLength(apiOperations.length);
    const checkout = view.operations.find((operation) => operation.id === "createBooking")!;
    expect(checkout.body?.schema.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(["carId", "from", "driver.email", "additionalDriver.birthDate"]),
    );
    // A 204 has no body: neither fields nor example.
    for (const operation of view.operations)
      for (const response of operation.responses)
        expect(Boolean(response.example), `${operation.id} ${response.status}`).toBe(response.status !== "204");
    const taken = view.operations.find((operation) => operation.id === "validateEmail")!;
    expect(taken.responses.find((response) => response.status === "204")).toMatchObject({
      schema: null,
      example: null,
    });
    const limited = view.operations.find((operation) => operation.id === "signInFrontend")!;
    expect(limited.responses.find((response) => response.status === "429")?.headers).toEqual(["Retry-After"]);
  });

  it("links answers to the shared schemas, and shows those as tables", () => {
    const booking = view.operations.find((operation) => operation.id === "getBooking")!;
    expect(booking.responses[0].schema).toEqual({ ref: "Booking", fields: [] });
    const component = view.components.find((candidate) => candidate.name === "Booking")!;
    expect(component.schema.fields.find((field) => field.name === "priceCents")?.description).toMatch(/USD/);
  });
});
