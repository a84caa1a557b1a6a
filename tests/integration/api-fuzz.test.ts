import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { createResponseChecker, fetchDocument, operationsOf, type DocumentedOperation } from "../api/contract";
import { bookingFor, seedCatalogue } from "../api/resources";

/*
 * Every operation of the served document, sent malformed bodies, ids and query values and
 * control characters: nothing ends in a 5xx (docs/security.md: nothing an attacker sends ends
 * in a 500), and every answer is one the document lists, in its shape. The values are fixed
 * lists plus a seeded pseudo-random mutation of each example body, so a failure replays.
 */

const api = createApiClient({ ip: "198.51.100.50" });
const catalogue = await seedCatalogue();
const document = await fetchDocument(api);
const check = createResponseChecker(document);

afterAll(async () => {
  await closeDb();
});

const control = "a\u0000b\u0007c\u001b[31md\u007fe\u0085f\u2028g\r\nh";
/** Values for a path or query parameter. */
const textValues = [
  "-1",
  "0",
  "0x10",
  "1.6e1",
  "+16",
  "016",
  "1e400",
  "99999999999999999999999",
  "NaN",
  "Infinity",
  "null",
  "true",
  "[]",
  "{}",
  "'; drop table users; --",
  "../../etc/passwd",
  "%2e%2e%2f",
  "😀".repeat(50),
  control,
  "\u0000",
  " ",
  "x".repeat(3000),
];

/** Values put in place of each field of an example body. */
const fieldValues: unknown[] = [
  null,
  -1,
  0,
  1.5,
  1e308,
  -(2 ** 53) - 2,
  true,
  "",
  control,
  "x".repeat(20_000),
  [],
  [null, 1, "x"],
  {},
  { nested: { deeper: [control] } },
  "2027-02-30",
  "2027-03-10T25:61",
  "9999-12-31T23:59",
  "0414-12345678",
  "<script>alert(1)</script>",
];

/** Whole bodies, as sent text. */
const rawBodies = [
  "",
  "{",
  "null",
  "[]",
  "1",
  '"text"',
  "true",
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  '{"a":1,"a":2}',
  "\u0000\u0001\u0002",
  '{"email":"\\ud800","password":"\\udfff"}',
];

/** A small seeded generator (mulberry32): the same mutations every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Entry = DocumentedOperation["entry"] & {
  requestBody?: { content: Record<string, { example?: unknown }> };
};

function fill(path: string, params: Record<string, string>) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? "1"));
}

async function fuzz(operation: DocumentedOperation) {
  const { user, token } = await signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });
  const booking = await bookingFor(catalogue, user.id);
  const entry = operation.entry as Entry;
  const pathNames = entry.parameters.filter((p) => p.in === "path").map((p) => p.name);
  const queryNames = entry.parameters.filter((p) => p.in === "query").map((p) => p.name);
  // A path that names something real, so body and query fuzzing reach the handler.
  const realParams = Object.fromEntries(
    entry.parameters
      .filter((p) => p.in === "path")
      .map((p) => [p.name, /id$/i.test(p.name) ? String(booking.id) : String(p.example ?? "x")]),
  );
  const example = entry.requestBody?.content["application/json"]?.example;
  const sent: Array<[string, Promise<Response>]> = [];
  const send = (what: string, url: string, init: Parameters<typeof api>[1] = {}) =>
    sent.push([what, api(url, { token, method: operation.method, ...init })]);

  for (const name of pathNames)
    for (const value of textValues)
      send(`path ${name}=${JSON.stringify(value)}`, fill(operation.path, { ...realParams, [name]: value }));
  const base = fill(operation.path, realParams);
  send("unknown query parameters", `${base}?${new URLSearchParams({ [control]: control, l: control, g: control })}`);
  send("odd headers", base, { headers: { "Accept-Language": "x".repeat(500), Cookie: "__session=%E0%A4%A" } });
  for (const name of queryNames)
    for (const value of textValues) {
      send(`query ${name}=${JSON.stringify(value)}`, `${base}?${new URLSearchParams({ [name]: value })}`);
      send(`query ${name} repeated`, `${base}?${name}=${encodeURIComponent(value)}&${name}=1&${name}=2`);
    }
  if (operation.method !== "GET") {
    for (const raw of rawBodies)
      send(`raw body ${JSON.stringify(raw.slice(0, 30))}`, base, {
        body: raw,
        headers: { "Content-Type": "application/json" },
      });
    send("form body with control characters", base, {
      body: new URLSearchParams({ email: control, password: control, "a[b][c]": "1", "": "x" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    send("multipart without a boundary", base, { body: "--x\r\n", headers: { "Content-Type": "multipart/form-data" } });
    send("a body of another type", base, { body: control, headers: { "Content-Type": "text/plain" } });
  }
  if (example && typeof example === "object" && !Array.isArray(example)) {
    const fields = Object.keys(example);
    for (const field of fields)
      for (const value of fieldValues)
        send(`body ${field}=${JSON.stringify(value)?.slice(0, 30)}`, base, { json: { ...example, [field]: value } });
    const next = random(fields.length * 7919 + operation.path.length);
    for (let round = 0; round < 20; round++) {
      const mutated: Record<string, unknown> = { ...(example as Record<string, unknown>) };
      for (const field of fields) {
        const roll = next();
        if (roll < 0.2) delete mutated[field];
        else if (roll < 0.6) mutated[field] = fieldValues[Math.floor(next() * fieldValues.length)];
      }
      mutated[`extra${round}`] = control;
      send(`mutated body #${round}`, base, { json: mutated });
    }
  }
  const failures: string[] = [];
  for (const [what, pending] of sent) {
    const response = await pending;
    if (response.status >= 500) failures.push(`${what} → ${response.status} ${await response.clone().text()}`);
    else await check(operation, response);
  }
  expect(failures).toEqual([]);
  return sent.length;
}

describe("fuzzing every operation", () => {
  const operations = operationsOf(document);

  it("covers the whole document", () => {
    expect(operations.length).toBeGreaterThanOrEqual(45);
  });

  for (const operation of operations)
    it(`${operation.method} ${operation.path}: malformed input never ends in a 5xx`, { timeout: 120_000 }, async () => {
      expect(await fuzz(operation)).toBeGreaterThan(0);
    });
});
