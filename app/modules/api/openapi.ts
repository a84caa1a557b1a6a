import { z } from "zod";
import { bodyLimits } from "~/modules/http/body-limits";
import { messages } from "~/modules/forms/messages";
import { errorBodySchema, genericCodes, genericErrors, type ErrorBody, type ErrorStatus } from "./errors";
import { bodySchema, exampleOf, type Operation } from "./operation";
import { textIntegers } from "./schemas";
import { sampleOf } from "./sample";

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string; contact: { name: string; url: string } };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

const errorDescriptions: Record<ErrorStatus, string> = {
  400: "The input is invalid (`validation`, with `fields`) or unreadable (`badRequest`).",
  401: "Not signed in, or the bearer token is unknown, expired or revoked (`unauthorized`).",
  403: "Not allowed (`forbidden`, or a more precise code). On every write (POST, DELETE): `crossSite` when a browser sent it from a page of another origin that the operator has not listed in `API_CORS_ORIGINS` (nothing was done; a bearer-token call without the session cookie is never refused for this; docs/security.md#cross-site-posts).",
  404: "Nothing at this path for this caller (`notFound`): a missing id and another user's look the same.",
  405: "The path exists, but not with this method (`methodNotAllowed`; see the `Allow` header).",
  409: "The request conflicts with the current state (`conflict`, or a more precise code).",
  413: `The body is over the size caps (\`tooLarge\`): ${bodyLimits.formBytes / 1024} KB, or ${bodyLimits.multipartBytes / 1024 / 1024} MB for an upload. The server reads no larger body on any POST or DELETE, before it looks at the path, so a call that takes no body answers it too.`,
  429: "Too many attempts (`rateLimited`): wait the seconds of the `Retry-After` header.",
  500: "An unexpected error; it is logged, and the answer never carries details (`internal`).",
  502: "A provider we depend on (the card gateway, Google reCAPTCHA) did not answer or refused; try again later (`badGateway`).",
};

/** A calendar date or an instant: `format` says it; the long regex zod adds is left out of the document. */
const dateNotes: Record<string, { description: string; example: string }> = {
  "date-time": { description: "An instant, in UTC: ISO 8601 with `Z`.", example: "2027-03-10T14:00:00.000Z" },
  date: { description: "A calendar date, `YYYY-MM-DD`.", example: "1990-05-01" },
};

/**
 * What the document says beyond zod's own JSON Schema: text integers (ids, page sizes) are
 * integers; dates keep their `format` and gain a note and an example instead of a long regex.
 */
function override({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  const bounds = textIntegers.get(zodSchema as z.ZodType);
  if (bounds) {
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, { type: "integer", ...bounds, examples: [bounds.minimum] });
    return;
  }
  const note = typeof jsonSchema.format === "string" ? dateNotes[jsonSchema.format] : undefined;
  if (note) {
    delete jsonSchema.pattern;
    jsonSchema.description ??= note.description;
    jsonSchema.examples ??= [note.example];
  }
}

/** Money fields say their currency. */
function nameCurrency(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(nameCurrency);
  if (typeof value !== "object" || value === null) return;
  const properties = (value as { properties?: Record<string, JsonSchema> }).properties;
  for (const [name, property] of Object.entries(properties ?? {})) {
    if (!name.endsWith("Cents")) continue;
    const text = typeof property.description === "string" ? `${property.description} ` : "";
    if (!text.includes("USD")) property.description = `${text}In US dollar cents (USD): 12500 is $125.00.`;
  }
  Object.values(value).forEach(nameCurrency);
}

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
  } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12", override }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  nameCurrency(rest);
  nameCurrency($defs);
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
  const examples = exampleOf(operation);
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
      const given = location === "path" ? examples.params?.[name] : examples.query?.[name];
      // An integer parameter's example is a number, as its schema says.
      const example = given !== undefined && rest.type === "integer" ? Number(given) : given;
      list.push({
        name,
        in: location,
        required: location === "path" || (object.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
        ...(example !== undefined ? { example } : location === "path" ? { example: sampleOf(rest, components) } : {}),
      });
    }
  }
  return list;
}

function requestBody(operation: Operation, components: Record<string, JsonSchema>) {
  const body = bodySchema(operation);
  if (!body) return undefined;
  const schema = toSchema(body, "input", components);
  const given = exampleOf(operation).body;
  const example = { example: given !== undefined ? given : sampleOf(schema, components) };
  const content =
    operation.bodyEncoding === "multipart"
      ? { "multipart/form-data": { schema, ...example } }
      : { "application/json": { schema, ...example }, "application/x-www-form-urlencoded": { schema } };
  return { required: true, content };
}

/**
 * Every error status the operation can answer, with its codes: the handler's (`errors`,
 * `errorCodes`), and those of its kind: 401 where credentials matter, 400 for an input to
 * validate or a path that does not percent-decode, 404 for a path that names nothing, and for
 * a write (POST, DELETE) 400 for an unreadable form, 413 over the body caps and 403 `crossSite`
 * for a cross-site write (docs/security.md#cross-site-posts); 405 and 500 everywhere.
 */
export function statusesOf(operation: Operation): Map<ErrorStatus, string[]> {
  const statuses = new Set<ErrorStatus>([
    ...operation.errors,
    ...(Object.keys(operation.errorCodes ?? {}).map(Number) as ErrorStatus[]),
    405,
    500,
  ]);
  const write = operation.method !== "GET";
  if (operation.auth !== "none") statuses.add(401);
  if (operation.body || operation.query || operation.params || write) statuses.add(400);
  if (operation.params) statuses.add(404);
  if (write) statuses.add(403).add(413);
  const codes = new Map<ErrorStatus, string[]>();
  for (const status of [...statuses].sort()) {
    const own = operation.errorCodes?.[status] ?? [];
    const kind = status === 403 && write ? ["crossSite"] : [];
    codes.set(status, [...new Set([...genericCodes[status], ...kind, ...own])]);
  }
  return codes;
}

const retryAfter = {
  "Retry-After": {
    description: "Seconds to wait before the limit lets this caller try again.",
    schema: { type: "integer", minimum: 1 },
    example: 900,
  },
};

function responses(operation: Operation, components: Record<string, JsonSchema>, messageOf: (key: string) => string) {
  const answers: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!response) continue;
    if (!("schema" in response)) {
      // A 204 has no body.
      answers[status] = { description: response.description };
      continue;
    }
    const schema = toSchema(response.schema, "output", components);
    answers[status] = {
      description: response.description,
      content: { "application/json": { schema, example: sampleOf(schema, components) } },
    };
  }
  toSchema(errorBodySchema, "output", components);
  // The Error component, with this status's codes as an enum (a clone: each status lists its own).
  const errorWith = (codes: string[]) => {
    const schema = structuredClone(components.Error) as {
      properties: { error: { properties: { code: JsonSchema } } };
    };
    schema.properties.error.properties.code.enum = codes;
    return schema;
  };
  for (const [status, codes] of statusesOf(operation)) {
    const example: ErrorBody =
      status === 400
        ? {
            error: {
              code: "validation",
              message: messageOf("validation.fixErrors"),
              fields: { email: messageOf(messages.invalidEmail) },
            },
          }
        : { error: { code: genericErrors[status].code, message: messageOf(genericErrors[status].message) } };
    answers[status] = {
      description: `${errorDescriptions[status]} Codes: ${codes.map((code) => `\`${code}\``).join(", ")}.`,
      ...(status === 429 ? { headers: retryAfter } : {}),
      content: {
        "application/json": {
          schema: errorWith(codes),
          example,
        },
      },
    };
  }
  return answers;
}

/** What each tag of the reference groups. */
const tagDescriptions: Record<string, string> = {
  Session: "Sign in and out, and check a token: the calls every client starts with.",
  Account: "The caller's account: sign-up, activation, profile, password, picture, language and contact.",
  Catalogue: "Places, suppliers and the car search: public, no sign-in needed.",
  Bookings: "Checkout, the caller's bookings, and changing or cancelling one.",
  Payments: "Paying a booking online: card, pago móvil and USDT.",
  Notifications: "The caller's notifications and their unread counter.",
};

/**
 * The OpenAPI 3.1 document of `operations`, generated from the zod schemas that validate
 * each request, so the document cannot drift from what the server accepts.
 */
export function openApiDocument(
  operations: readonly Operation[],
  serverUrl: string,
  /** English text of an i18n key, for the error examples (the key itself when not given). */
  messageOf: (key: string) => string = (key) => key,
): OpenApiDocument {
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
      responses: responses(operation, components, messageOf),
    };
    const methods = (paths[operation.path] ??= {});
    const method = operation.method.toLowerCase();
    if (methods[method]) throw new Error(`Two operations for ${operation.method} ${operation.path}`);
    methods[method] = entry;
  }
  // Each error status inlines the Error shape with its own codes, so the shared component goes unused.
  delete components.Error;
  const tags = [...new Set(operations.map((operation) => operation.tag))].map((name) => ({
    name,
    description: tagDescriptions[name] ?? name,
  }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Rueda API",
      version: "1",
      contact: { name: "Rueda", url: new URL("/contact", serverUrl).toString() },
      description: [
        "The JSON API of Rueda, over the same rules as the web pages.",
        "",
        "**Authentication.** `POST /api/sign-in/frontend` answers an `accessToken`; send it as `Authorization: Bearer <token>`. It works 30 days and stops at sign-out, password change or suspension. The same call sets the session cookie, which browsers may use instead. Browser and hybrid apps on another origin are answered with CORS (credentials included) when the operator lists that origin (`API_CORS_ORIGINS`); from any other origin a browser's write or preflight is refused with 403 `crossSite`.",
        "",
        "**Errors.** Every error answers `{ error: { code, message, fields? } }`; `message` and `fields` are in the caller's language: `?l=es|en|fr|el`, else `Accept-Language`, else the account's language.",
        "",
        "**Bodies.** JSON (`application/json`); urlencoded forms are accepted too; uploads are `multipart/form-data`.",
        "",
        "**Ids.** An id in a path is decimal digits (`/api/cars/16`); `016`, `0x10`, `1.6e1` name nothing (404).",
        "",
        "**Lists.** `page` (from 1) and `pageSize` (1 to 100; each list says its default); a page past the last gives the last page, and the answer's `page`, `pages` and `pageSize` say what was given.",
        "",
        "**Limits.** A 429 carries `Retry-After`: the seconds until the limit lets the caller try again.",
        "",
        "**Paying from an app.** An app holds a bearer token but no cookie in the browser it opens: `POST /api/bookings/{id}/payment-link` gives a single-use, 10-minute link that opens the booking's card, pago móvil or USDT page there, and the pages lead back to the app's `returnUrl` with `booking` and `status` (`paid`, `pending`, `cancelled`).",
        "",
        "**Money.** Every `…Cents` field is an integer amount of US dollar cents (USD): `12500` is $125.00. Pago móvil amounts are shown in bolívares beside it, at the day's rate.",
        "",
        "**Dates and times.** Instants (`…At`, `startsAt`, `endsAt`) are UTC, ISO 8601 with `Z`. Pick-up and drop-off (`from`, `to`) are wall-clock times `YYYY-MM-DDTHH:mm` on the clock of the place (its `timeZone`). A birth date is a calendar date `YYYY-MM-DD`, with no zone. The bookings list's `from`/`to` filters are days in Caracas (America/Caracas). A pago móvil `date` is the transfer's day as the bank shows it, in Caracas; a day up to today in UTC is accepted too (a client that fills in today from a UTC clock, after 20:00 in Caracas).",
        "",
        "**Pictures.** `image`, `logo`, `supplierLogo` and `avatar` are absolute URLs.",
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
