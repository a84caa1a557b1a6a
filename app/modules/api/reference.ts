import type { OpenApiDocument } from "./openapi";

/*
 * The OpenAPI document as the reference page (/api/docs) shows it: schemas as tables of fields
 * with a short type each (no raw JSON Schema, no long regexes), examples as JSON, each error
 * status with its codes. Pure: the page renders it on the server, with no script.
 */

type JsonSchema = Record<string, unknown>;

/** A type in a few words, and the component it links to when it is one. */
export type TypeLabel = { text: string; ref?: string };

export type FieldRow = { name: string; type: TypeLabel; required: boolean; description: string };

export type SchemaView = { ref?: string; fields: FieldRow[] };

export type ParameterRow = FieldRow & { in: string; example: string | null };

export type ResponseView = {
  status: string;
  description: string;
  schema: SchemaView | null;
  example: string | null;
  codes: string[];
  headers: string[];
};

export type OperationView = {
  id: string;
  tag: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  security: "none" | "optional" | "user";
  parameters: ParameterRow[];
  body: { encoding: string; schema: SchemaView; example: string | null } | null;
  responses: ResponseView[];
};

export type ReferenceView = {
  intro: string;
  operations: OperationView[];
  components: Array<{ name: string; description: string; schema: SchemaView }>;
};

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const refName = (ref: string) => ref.split("/").pop() ?? ref;
const code = (value: unknown) => `\`${typeof value === "string" ? value : JSON.stringify(value)}\``;

/** Bounds that say nothing to a reader (zod's safe-integer limits) are left out. */
const meaningful = (value: unknown) =>
  typeof value === "number" && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;

function bounds(schema: JsonSchema, low: string, high: string, unit = ""): string {
  const min = meaningful(schema[low]);
  const max = meaningful(schema[high]);
  if (typeof min === "number" && typeof max === "number") return ` ${min}–${max}${unit}`;
  if (typeof min === "number") return ` ≥ ${min}${unit}`;
  if (typeof max === "number") return ` ≤ ${max}${unit}`;
  return "";
}

/** A schema's type in a few words: `integer 1–100`, `string ≤ 120 characters`, one of `a`, `b`; a component by name. */
export function typeLabel(schema: JsonSchema): TypeLabel {
  if (typeof schema.$ref === "string") return { text: refName(schema.$ref), ref: refName(schema.$ref) };
  if ("const" in schema) return { text: code(schema.const) };
  if (Array.isArray(schema.enum)) return { text: `one of ${schema.enum.map(code).join(", ")}` };
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(schema[key])) {
      const labels = (schema[key] as JsonSchema[]).map(typeLabel);
      return { text: labels.map((label) => label.text).join(" or "), ref: labels.find((label) => label.ref)?.ref };
    }
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type): type is string => typeof type === "string",
  );
  const type = types.find((t) => t !== "null");
  if (!type && types.includes("null")) return { text: "null" };
  const nullable = types.includes("null") ? " or null" : "";
  switch (type) {
    case "integer":
    case "number":
      return { text: `${type}${bounds(schema, "minimum", "maximum")}${nullable}` };
    case "string": {
      const format = typeof schema.format === "string" ? ` (${schema.format})` : "";
      const pattern =
        typeof schema.pattern === "string" && schema.pattern.length <= 40 ? `, matching ${code(schema.pattern)}` : "";
      return { text: `string${format}${bounds(schema, "minLength", "maxLength", " characters")}${pattern}${nullable}` };
    }
    case "array": {
      const item = typeLabel((schema.items ?? {}) as JsonSchema);
      return {
        text: `array of ${item.text}${bounds(schema, "minItems", "maxItems", " items")}${nullable}`,
        ref: item.ref,
      };
    }
    case "object":
      return { text: `object${nullable}` };
    case "boolean":
      return { text: `boolean${nullable}` };
    case "null":
      return { text: "null" };
    default:
      return { text: "any" };
  }
}

/** The object inside a nullable or optional wrapper, when there is one. */
function objectOf(schema: JsonSchema): JsonSchema | null {
  if (schema.properties) return schema;
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const objects = (branches as JsonSchema[]).filter((branch) => branch.properties);
      if (objects.length === 1) return objects[0];
    }
  }
  return null;
}

/** Every field of an object schema, nested objects flattened with dots (`driver.email`). */
function fieldsOf(schema: JsonSchema, prefix = "", depth = 0): FieldRow[] {
  const required = new Set((schema.required ?? []) as string[]);
  const rows: FieldRow[] = [];
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const fullName = `${prefix}${name}`;
    const description = typeof property.description === "string" ? property.description : "";
    rows.push({ name: fullName, type: typeLabel(property), required: required.has(name), description });
    const inner = property.type === "array" ? objectOf((property.items ?? {}) as JsonSchema) : objectOf(property);
    if (inner && depth < 3)
      rows.push(...fieldsOf(inner, `${fullName}${property.type === "array" ? "[]" : ""}.`, depth + 1));
  }
  return rows;
}

function schemaView(schema: JsonSchema): SchemaView {
  if (typeof schema.$ref === "string") return { ref: refName(schema.$ref), fields: [] };
  const object = objectOf(schema);
  return { fields: object ? fieldsOf(object) : [] };
}

type Entry = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Array<Record<string, unknown>>;
  parameters: Array<{
    name: string;
    in: string;
    required: boolean;
    description?: string;
    schema: JsonSchema;
    example?: unknown;
  }>;
  requestBody?: { content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, unknown>;
      /** Absent on a 204: no body. */
      content?: Record<string, { schema: JsonSchema; example?: unknown }>;
    }
  >;
};

function securityOf(entry: Entry): OperationView["security"] {
  if (entry.security.length === 0) return "none";
  return entry.security.some((requirement) => Object.keys(requirement).length === 0) ? "optional" : "user";
}

/** The reference page's view of the document, operations in the document's order. */
export function referenceOf(document: OpenApiDocument): ReferenceView {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, value]): OperationView => {
      const entry = value as unknown as Entry;
      const [encoding, body] = Object.entries(entry.requestBody?.content ?? {})[0] ?? [];
      return {
        id: entry.operationId,
        tag: entry.tags[0],
        method: method.toUpperCase(),
        path,
        summary: entry.summary,
        description: entry.description ?? "",
        security: securityOf(entry),
        parameters: entry.parameters.map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required,
          type: typeLabel(parameter.schema),
          description: parameter.description ?? "",
          example: parameter.example === undefined ? null : String(parameter.example),
        })),
        body: body
          ? {
              encoding,
              schema: schemaView(body.schema),
              example: body.example === undefined ? null : pretty(body.example),
            }
          : null,
        responses: Object.entries(entry.responses).map(([status, response]) => {
          const headers = Object.keys(response.headers ?? {});
          const content = response.content?.["application/json"];
          // A 204 has no body: neither fields nor example.
          if (!content)
            return { status, description: response.description, schema: null, example: null, codes: [], headers };
          const error = Number(status) >= 400;
          const codeSchema = error
            ? ((content.schema.properties as Record<string, JsonSchema>).error.properties as Record<string, JsonSchema>)
                .code
            : null;
          return {
            status,
            description: response.description,
            schema: error ? null : schemaView(content.schema),
            example: content.example === undefined ? null : pretty(content.example),
            codes: (codeSchema?.enum ?? []) as string[],
            headers,
          };
        }),
      };
    }),
  );
  const components = Object.entries(document.components.schemas).map(([name, schema]) => ({
    name,
    description: typeof schema.description === "string" ? schema.description : "",
    schema: schemaView(schema),
  }));
  return { intro: document.info.description, operations, components };
}

/** The reference page's own words (`api:docs.<key>`), in the reader's language. */
export const referenceLabelKeys = [
  "title",
  "intro",
  "operations",
  "auth",
  "authNone",
  "authOptional",
  "authUser",
  "parameters",
  "body",
  "responses",
  "example",
  "name",
  "in",
  "required",
  "type",
  "description",
  "seeSchema",
  "schemas",
  "writtenInEnglish",
  "yes",
  "headers",
] as const;

/** The page's words by key, with "Access:", "Example:", "Headers:" written as a label before its value. */
export type ReferenceLabels = Record<
  (typeof referenceLabelKeys)[number] | "authLabelled" | "exampleLabelled" | "headersLabelled",
  string
>;
