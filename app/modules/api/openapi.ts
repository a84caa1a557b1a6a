import { z } from "zod";
import { errorBodySchema, genericErrors, type ErrorStatus } from "./errors";
import { bodySchema, type Operation } from "./operation";

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

const errorDescriptions: Record<ErrorStatus, string> = {
  400: "The input is invalid (`validation`, with `fields`) or unreadable (`badRequest`).",
  401: "Not signed in, or the bearer token is unknown, expired or revoked (`unauthorized`).",
  403: "Not allowed (`forbidden`, or a more precise code). On every write: `crossSite` when a browser sent it from a page of another origin that the operator has not listed in `API_CORS_ORIGINS` (nothing was done; a bearer-token call without the session cookie is never refused for this).",
  404: "Nothing at this path for this caller (`notFound`): a missing id and another user's look the same.",
  405: "The path exists, but not with this method (`methodNotAllowed`; see the `Allow` header).",
  409: "The request conflicts with the current state (`conflict`, or a more precise code).",
  413: "The body is over the size caps (`tooLarge`).",
  429: "Too many attempts; wait a few minutes (`rateLimited`).",
  500: "An unexpected error; it is logged, and the answer never carries details (`internal`).",
  502: "A provider we depend on (the card gateway) did not answer or refused; try again later (`badGateway`).",
};

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod schema. Schemas given an id with
 * `.meta({ id })` become shared components; `io` picks the input side (what a request sends,
 * before transforms) or the output side (what an answer holds).
 */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const relink = (value: JsonSchema) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [id, definition] of Object.entries($defs ?? {})) components[id] ??= relink(definition);
  const { id, ...body } = relink(rest) as JsonSchema & { id?: string };
  if (typeof id === "string") {
    components[id] ??= body;
    return { $ref: `#/components/schemas/${id}` };
  }
  return body;
}

function parameters(operation: Operation, components: Record<string, JsonSchema>) {
  const list: JsonSchema[] = [];
  for (const [location, shape] of [
    ["path", operation.params],
    ["query", operation.query],
  ] as const) {
    if (!shape) continue;
    const object = toSchema(shape, "input", components) as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(object.properties ?? {})) {
      const { description, ...rest } = schema;
      const example = location === "path" ? operation.example?.params?.[name] : operation.example?.query?.[name];
      list.push({
        name,
        in: location,
        required: location === "path" || (object.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
        ...(example !== undefined ? { example } : {}),
      });
    }
  }
  return list;
}

function requestBody(operation: Operation, components: Record<string, JsonSchema>) {
  const body = bodySchema(operation);
  if (!body) return undefined;
  const schema = toSchema(body, "input", components);
  const example = operation.example?.body !== undefined ? { example: operation.example.body } : {};
  const content =
    operation.bodyEncoding === "multipart"
      ? { "multipart/form-data": { schema } }
      : { "application/json": { schema, ...example }, "application/x-www-form-urlencoded": { schema } };
  return { required: true, content };
}

function responses(operation: Operation, components: Record<string, JsonSchema>) {
  const answers: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!response) continue;
    answers[status] =
      "schema" in response
        ? {
            description: response.description,
            content: { "application/json": { schema: toSchema(response.schema, "output", components) } },
          }
        : { description: response.description };
  }
  const errorRef = toSchema(errorBodySchema, "output", components);
  const statuses = new Set<ErrorStatus>([...operation.errors, 405, 500]);
  if (operation.auth !== "none") statuses.add(401);
  if (operation.body) statuses.add(400).add(413);
  if (operation.params) statuses.add(404);
  // A write from a browser page of an origin the operator has not listed is refused before any operation runs.
  if (operation.method !== "GET") statuses.add(403);
  for (const status of [...statuses].sort()) {
    answers[status] = {
      description: `${errorDescriptions[status]} Default code: \`${genericErrors[status].code}\`.`,
      content: { "application/json": { schema: errorRef } },
    };
  }
  return answers;
}

/**
 * The OpenAPI 3.1 document of `operations`, generated from the zod schemas that validate
 * each request, so the document cannot drift from what the server accepts.
 */
export function openApiDocument(operations: readonly Operation[], serverUrl: string): OpenApiDocument {
  const components: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument["paths"] = {};
  for (const operation of operations) {
    const entry: JsonSchema = {
      operationId: operation.id,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      security:
        operation.auth === "user"
          ? [{ bearer: [] }, { cookie: [] }]
          : operation.auth === "optional"
            ? [{}, { bearer: [] }, { cookie: [] }]
            : [],
      parameters: parameters(operation, components),
      ...(operation.body ? { requestBody: requestBody(operation, components) } : {}),
      responses: responses(operation, components),
    };
    const methods = (paths[operation.path] ??= {});
    const method = operation.method.toLowerCase();
    if (methods[method]) throw new Error(`Two operations for ${operation.method} ${operation.path}`);
    methods[method] = entry;
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Rueda API",
      version: "1",
      description: [
        "The JSON API of Rueda, over the same rules as the web pages.",
        "",
        "**Authentication.** `POST /api/sign-in/frontend` answers an `accessToken`; send it as `Authorization: Bearer <token>`. It works 30 days and stops at sign-out, password change or suspension. The same call sets the session cookie, which browsers may use instead. Browser and hybrid apps on another origin are answered with CORS (credentials included) when the operator lists that origin (`API_CORS_ORIGINS`); from any other origin a browser's write or preflight is refused with 403 `crossSite`.",
        "",
        "**Errors.** Every error answers `{ error: { code, message, fields? } }`; `message` and `fields` are in the caller's language: `?l=es|en|fr|el`, else `Accept-Language`, else the account's language.",
        "",
        "**Bodies.** JSON (`application/json`); urlencoded forms are accepted too; uploads are `multipart/form-data`.",
      ].join("\n"),
    },
    servers: [{ url: serverUrl }],
    tags,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The accessToken of POST /api/sign-in/frontend." },
        cookie: {
          type: "apiKey",
          in: "cookie",
          name: "__session",
          description: "The browser session of the web pages.",
        },
      },
    },
  };
}
