import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect, it } from "vitest";
import type { OpenApiDocument } from "~/modules/api/openapi";
import type { ApiClient, ApiRequestInit } from "./client";

/*
 * The contract harness (docs/architecture.md#api): it walks the operations of the served
 * /api/openapi.json, sends each one valid and invalid input, and checks every answer against
 * the document: the status must be one the operation documents, and the body must match that
 * status's schema. Ajv (with ajv-formats for date-time, email, …) is the JSON Schema 2020-12
 * validator, the dialect OpenAPI 3.1 uses; it is a dev dependency only.
 */

type OperationEntry = {
  operationId: string;
  security: unknown[];
  parameters: Array<{ name: string; in: "path" | "query"; required: boolean; example?: string }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
};

export type DocumentedOperation = { method: string; path: string; entry: OperationEntry };

export async function fetchDocument(api: ApiClient): Promise<OpenApiDocument> {
  const response = await api("/api/openapi.json");
  if (response.status !== 200) throw new Error(`/api/openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, entry]) => ({
      method: method.toUpperCase(),
      path,
      entry: entry as unknown as OperationEntry,
    })),
  );
}

const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/** Checks one answer against the document; returns the parsed body. */
export function createResponseChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, "openapi");
  return async (operation: DocumentedOperation, response: Response): Promise<unknown> => {
    const label = `${operation.method} ${operation.path} → ${response.status}`;
    expect(Object.keys(operation.entry.responses), `${label}: status not documented`).toContain(
      String(response.status),
    );
    const text = await response.text();
    if (operation.method === "HEAD") return null;
    if (response.status === 204) {
      expect(text, `${label}: a 204 has no body`).toBe("");
      return null;
    }
    expect(response.headers.get("Content-Type"), label).toMatch(/^application\/json/);
    const body: unknown = JSON.parse(text);
    const validate = ajv.getSchema(
      `openapi#/${pointer("paths", operation.path, operation.method.toLowerCase(), "responses", String(response.status), "content", "application/json", "schema")}`,
    );
    if (!validate) throw new Error(`${label}: no schema`);
    expect(validate(body) ? [] : validate.errors, `${label}: ${text.slice(0, 500)}`).toEqual([]);
    return body;
  };
}

export type ValidRequest = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  init: ApiRequestInit;
  expect?: number;
};

/**
 * How to call an operation validly for a fresh fixture (a signed-in user): each area's test
 * file gives one per operation it covers. Without one, the document's examples are used.
 */
export type Preparers<F> = Record<string, (fixture: F) => Promise<ValidRequest> | ValidRequest>;

function fillPath(path: string, params: Record<string, string>) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? "0"));
}

function urlOf(
  operation: DocumentedOperation,
  params: Record<string, string> = {},
  query: Record<string, string> = {},
) {
  const search = new URLSearchParams(query).toString();
  return `${fillPath(operation.path, params)}${search ? `?${search}` : ""}`;
}

function exampleRequest(operation: DocumentedOperation): ValidRequest {
  const params = Object.fromEntries(
    operation.entry.parameters.filter((p) => p.in === "path" && p.example).map((p) => [p.name, p.example!]),
  );
  const query = Object.fromEntries(
    operation.entry.parameters.filter((p) => p.in === "query" && p.example).map((p) => [p.name, p.example!]),
  );
  const body = operation.entry.requestBody?.content["application/json"]?.example;
  return { params, query, init: { method: operation.method, ...(body !== undefined ? { json: body } : {}) } };
}

/**
 * Registers, for every operation of `tags` in the document, tests with valid input (2xx) and
 * with invalid input (no credentials, malformed path, unreadable and invalid bodies, a wrong
 * method), each answer checked against the document. `fixture` makes a fresh signed-in caller
 * per test; `tokenOf` reads its bearer token.
 */
export function contractSuite<F>(options: {
  api: ApiClient;
  /** The served document, fetched before the tests are collected (top-level await in the test file). */
  document: OpenApiDocument;
  tags: string[];
  fixture: () => Promise<F>;
  tokenOf: (fixture: F) => string;
  prepare: Preparers<F>;
}) {
  const { api, document, tags, fixture, tokenOf, prepare } = options;
  const selected = operationsOf(document).filter((operation) =>
    tags.includes((operation.entry as unknown as { tags: string[] }).tags[0]),
  );
  const check = createResponseChecker(document);

  it("has a valid request for every operation of its tags", () => {
    const missing = selected
      .filter(
        (operation) =>
          !prepare[operation.entry.operationId] && !exampleRequest(operation).init.json && operation.entry.requestBody,
      )
      .map((operation) => operation.entry.operationId);
    expect(missing).toEqual([]);
    expect(selected.length).toBeGreaterThan(0);
  });

  for (const operation of selected) {
    it(`${operation.method} ${operation.path}: valid input → a documented success`, async () => {
      const caller = await fixture();
      const preparer = prepare[operation.entry.operationId];
      const valid = preparer ? await preparer(caller) : exampleRequest(operation);
      const init = { token: tokenOf(caller), ...valid.init, method: operation.method };
      const response = await api(urlOf(operation, valid.params, valid.query), init);
      const expected = valid.expect ?? 200;
      expect(response.status, `${operation.method} ${operation.path} (valid): ${await response.clone().text()}`).toBe(
        expected,
      );
      await check(operation, response);
    });

    it(`${operation.method} ${operation.path}: invalid input → a documented error`, async () => {
      const caller = await fixture();
      const token = tokenOf(caller);
      const preparer = prepare[operation.entry.operationId];
      const valid = preparer ? await preparer(caller) : exampleRequest(operation);
      const url = urlOf(operation, valid.params, valid.query);
      // null: any status the operation documents (a call that needs no credentials may still succeed).
      const sent: Array<[string, Response, number[] | null]> = [];
      const requiresUser =
        operation.entry.security.length > 0 &&
        !operation.entry.security.some((s) => Object.keys(s as object).length === 0);
      if (requiresUser)
        sent.push([
          "no credentials",
          await api(url, { ...valid.init, token: undefined, method: operation.method }),
          [401],
        ]);
      sent.push([
        "revoked-looking token",
        await api(url, { ...valid.init, token: "x".repeat(43), method: operation.method }),
        requiresUser ? [401] : null,
      ]);
      if (operation.entry.parameters.some((p) => p.in === "path")) {
        const malformed = Object.fromEntries(
          operation.entry.parameters.filter((p) => p.in === "path").map((p) => [p.name, "-1"]),
        );
        sent.push([
          "malformed path",
          await api(urlOf(operation, { ...valid.params, ...malformed }, valid.query), {
            ...valid.init,
            token,
            method: operation.method,
          }),
          [400, 403, 404],
        ]);
      }
      if (operation.entry.requestBody && operation.entry.requestBody.content["application/json"]) {
        const bodyless = { ...valid.init, json: undefined, token, method: operation.method };
        sent.push([
          "unreadable JSON",
          await api(url, { ...bodyless, body: "{", headers: { "Content-Type": "application/json" } }),
          [400],
        ]);
        sent.push(["JSON of the wrong type", await api(url, { ...bodyless, json: [1, 2] }), [400]]);
      }
      const wrongMethod = operation.method === "GET" ? "DELETE" : "PUT";
      if (!documentHas(document, operation.path, wrongMethod)) {
        sent.push(["wrong method", await api(url, { token, method: wrongMethod }), [405]]);
      }
      for (const [what, response, statuses] of sent) {
        if (statuses)
          expect(
            statuses,
            `${operation.method} ${operation.path} (${what}): ${await response.clone().text()}`,
          ).toContain(response.status);
        const body = (await check(operation, response)) as { error?: { code: string } } | null;
        if (response.status >= 400)
          expect(body?.error?.code, `${operation.method} ${operation.path} (${what})`).toBeTruthy();
      }
    });
  }
}

function documentHas(document: OpenApiDocument, path: string, method: string) {
  return Boolean(document.paths[path]?.[method.toLowerCase()]);
}
