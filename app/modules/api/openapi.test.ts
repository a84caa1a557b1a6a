import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { userTypes as dbUserTypes } from "../../../db/schema/enums";
import { genericErrors, type ErrorStatus } from "./errors";
import { openApiDocument } from "./openapi";
import type { Operation } from "./operation";
import { apiOperations } from "./registry";
import { userTypes } from "./schemas";

describe("the OpenAPI document", () => {
  const document = openApiDocument(apiOperations, "https://rueda.example");

  it("has one entry per operation, with unique operation ids", () => {
    const ids = apiOperations.map((operation) => operation.id);
    expect(new Set(ids).size).toBe(ids.length);
    const entries = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(entries).toHaveLength(apiOperations.length);
  });

  it("declares exactly the path's {parameters} of every operation", () => {
    for (const operation of apiOperations) {
      const inPath = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(Object.keys(operation.params?.shape ?? {}).sort(), operation.path).toEqual(inPath);
    }
  });

  const entryOf = (operation: Operation) =>
    document.paths[operation.path][operation.method.toLowerCase()] as {
      parameters: Array<{ in: string; name: string; schema: { type?: string }; example?: unknown }>;
      requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
      responses: Record<string, { headers?: Record<string, unknown>; content: Record<string, ErrorContent> }>;
    };
  type ErrorContent = {
    schema: { properties: { error: { properties: { code: { enum: string[] } }; required: string[] } } };
    example: unknown;
  };

  it("documents the error shape for every error status, with its codes as an enum, and 401 wherever credentials matter", () => {
    for (const operation of apiOperations) {
      const { responses } = entryOf(operation);
      expect(responses["500"], operation.id).toBeDefined();
      if (operation.auth !== "none") expect(responses["401"], operation.id).toBeDefined();
      for (const status of Object.keys(responses).filter((s) => Number(s) >= 400)) {
        const { schema } = responses[status].content["application/json"];
        expect(schema.properties.error.required, `${operation.id} ${status}`).toEqual(["code", "message"]);
        expect(schema.properties.error.properties.code.enum, `${operation.id} ${status}`).toContain(
          genericErrors[Number(status) as ErrorStatus].code,
        );
      }
    }
    expect(document.components.schemas.User).toBeDefined();
  });

  it("lists what every write can answer before its handler runs: 413 over the body caps, 403 crossSite", () => {
    const writes = apiOperations.filter((operation) => operation.method !== "GET");
    expect(writes.length).toBeGreaterThan(20);
    for (const operation of writes) {
      const { responses } = entryOf(operation);
      expect(responses["413"], operation.id).toBeDefined();
      expect(responses["403"].content["application/json"].schema.properties.error.properties.code.enum).toContain(
        "crossSite",
      );
    }
  });

  it("says when to try again on every 429", () => {
    const limited = apiOperations.filter((operation) => entryOf(operation).responses["429"]);
    expect(limited.length).toBeGreaterThan(10);
    for (const operation of limited)
      expect(entryOf(operation).responses["429"].headers?.["Retry-After"], operation.id).toBeDefined();
  });

  it("shows ids as integers, with integer examples", () => {
    const ids = apiOperations.flatMap((operation) =>
      entryOf(operation).parameters.filter((p) => p.in === "path" && /^(id|userId)$/.test(p.name)),
    );
    expect(ids.length).toBeGreaterThan(15);
    for (const parameter of ids) {
      expect(parameter.schema.type).toBe("integer");
      expect(typeof parameter.example).toBe("number");
    }
  });

  it("has an example for every request body and answer, each valid for its schema", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, "openapi");
    const pointer = (...parts: string[]) =>
      parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
    let checked = 0;
    for (const operation of apiOperations) {
      const method = operation.method.toLowerCase();
      const entry = entryOf(operation);
      const media = [
        ...Object.entries(entry.requestBody?.content ?? {})
          .filter(([type]) => type !== "application/x-www-form-urlencoded")
          .map(([type, value]) => [["requestBody", "content", type], value] as const),
        // A 204 has no body, so no example (checked below).
        ...Object.entries(entry.responses)
          .filter(([status]) => status !== "204")
          .map(
            ([status, response]) =>
              [["responses", status, "content", "application/json"], response.content["application/json"]] as const,
          ),
      ];
      for (const [at, value] of media) {
        const label = `${operation.id} ${at.join(" ")}`;
        expect(value.example, label).toBeDefined();
        if (at[2] === "multipart/form-data") continue;
        const validate = ajv.getSchema(`openapi#/${pointer("paths", operation.path, method, ...at, "schema")}`)!;
        expect(validate(value.example) ? [] : validate.errors, label).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it("documents a 204 without a body, and only the operations that answer one", () => {
    const noContent = apiOperations.filter((operation) => entryOf(operation).responses["204"]).map((o) => o.id);
    expect(noContent.sort()).toEqual([
      "checkPassword",
      "checkPasswordPost",
      "checkToken",
      "validateEmail",
      "verifyRecaptcha",
    ]);
    for (const operation of apiOperations)
      for (const [status, response] of Object.entries(entryOf(operation).responses))
        expect("content" in response, `${operation.id} ${status}`).toBe(status !== "204");
  });

  it("names the currency of every amount in cents", () => {
    const amounts: Array<[string, unknown]> = [];
    const walk = (value: unknown): void => {
      if (typeof value !== "object" || value === null) return;
      const properties = (value as { properties?: Record<string, { description?: unknown }> }).properties;
      for (const [name, property] of Object.entries(properties ?? {}))
        if (name.endsWith("Cents")) amounts.push([name, property.description]);
      Object.values(value).forEach(walk);
    };
    walk(document);
    expect(amounts.length).toBeGreaterThan(10);
    for (const [name, description] of amounts) expect(description, name).toMatch(/US dollar cents \(USD\)/);
  });

  it("describes request bodies from the same zod schemas that validate them", () => {
    const signIn = document.paths["/api/sign-in/frontend"].post.requestBody as {
      content: Record<string, { schema: { required: string[] } }>;
    };
    expect(signIn.content["application/json"].schema.required).toEqual(["email", "password"]);
  });
});

describe("schemas", () => {
  it("know the database's account types", () => {
    expect([...userTypes]).toEqual([...dbUserTypes]);
  });
});
