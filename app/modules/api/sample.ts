type JsonSchema = Record<string, unknown>;

/** Strings of a known `format`, as an example shows them. */
const formatted: Record<string, string> = {
  "date-time": "2027-03-10T14:00:00.000Z",
  date: "2027-03-10",
  email: "ana@example.com",
  uri: "https://rueda.example/media/3f5a.webp",
  ipv4: "203.0.113.7",
  ipv6: "2001:db8::7",
};

/**
 * An example value of a JSON Schema of the document, for the answers that have no hand-written
 * one: a schema's own `examples` first, else the first of an enum, else a plain value of its type.
 * `components` resolves `$ref`s. Checked against its schema by openapi.test.ts.
 */
export function sampleOf(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): unknown {
  if (depth > 12) return null;
  const next = (inner: unknown) => sampleOf((inner ?? {}) as JsonSchema, components, depth + 1);
  if (typeof schema.$ref === "string") return next(components[schema.$ref.split("/").pop()!]);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("example" in schema) return schema.example;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ("default" in schema && schema.default !== undefined) return schema.default;
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const chosen = (branches as JsonSchema[]).find((branch) => branch.type !== "null") ?? branches[0];
      return next(chosen);
    }
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as JsonSchema[]).map((part) => next(part) as object));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const entries = Object.entries(properties).map(([name, property]) => [name, next(property)]);
      if (entries.length === 0 && schema.additionalProperties && typeof schema.additionalProperties === "object")
        return { key: next(schema.additionalProperties) };
      return Object.fromEntries(entries);
    }
    case "array":
      return schema.maxItems === 0 ? [] : [next(schema.items)];
    case "integer":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 10.5;
    case "boolean":
      return true;
    case "null":
      return null;
    case "string": {
      const format = typeof schema.format === "string" ? formatted[schema.format] : undefined;
      if (format) return format;
      const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
      return "text".padEnd(Math.max(4, minLength), "x").slice(0, Math.max(4, Math.min(minLength || 4, 64)));
    }
    default:
      return {};
  }
}
