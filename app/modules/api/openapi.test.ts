import { describe, expect, it } from "vitest";
import { userTypes as dbUserTypes } from "../../../db/schema/enums";
import { openApiDocument } from "./openapi";
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

  it("documents the error shape for every error status, and 401 wherever credentials matter", () => {
    for (const operation of apiOperations) {
      const responses = document.paths[operation.path][operation.method.toLowerCase()].responses as Record<
        string,
        { content: unknown }
      >;
      expect(responses["500"], operation.id).toBeDefined();
      if (operation.auth !== "none") expect(responses["401"], operation.id).toBeDefined();
      for (const status of Object.keys(responses).filter((s) => Number(s) >= 400)) {
        expect(responses[status].content, `${operation.id} ${status}`).toEqual({
          "application/json": { schema: { $ref: "#/components/schemas/Error" } },
        });
      }
    }
    expect(document.components.schemas.Error).toBeDefined();
    expect(document.components.schemas.User).toBeDefined();
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
