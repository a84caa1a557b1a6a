import { bodyLimits } from "./body-limits";

export type BodyVerdict = { ok: true; body: Buffer } | { ok: false; status: 400 | 413 };

function boundaryOf(contentType: string): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

function occurrences(haystack: Buffer, needle: Buffer, stopAfter: number): number {
  let count = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1 && count <= stopAfter;
    at = haystack.indexOf(needle, at + needle.length)
  )
    count++;
  return count;
}

/** Conform's control fields: our forms validate in the browser and never post them (docs/security.md#request-bodies). */
const CONTROL_FIELDS = new Set(["__intent__", "__state__"]);

/**
 * Whether a form may carry a field of this name: not one of conform's control fields (it would
 * act on them: a broken one threw, an "update" one builds a list of any length), and no list
 * index above `bodyLimits.listIndexMax` (conform reads `[digits]` as an index however padded).
 */
export function acceptsFieldName(name: string): boolean {
  if (CONTROL_FIELDS.has(name)) return false;
  for (const [, digits] of name.matchAll(/\[(\d+)\]/g)) if (Number(digits) > bodyLimits.listIndexMax) return false;
  return true;
}

/**
 * Reads a request body, counting the bytes as they arrive, so neither a false
 * Content-Length nor a chunked body can make the server hold more than the cap; then
 * refuses forms with more parts or fields than any of ours has, multipart bodies that
 * do not parse (they would otherwise fail inside an action as a 500), and forms with a field
 * name `acceptsFieldName` refuses, before any action parses them.
 */
export async function readCappedBody(
  source: AsyncIterable<Buffer | string>,
  { contentType, contentLength }: { contentType: string; contentLength: number | null },
): Promise<BodyVerdict> {
  const multipart = contentType.toLowerCase().startsWith("multipart/form-data");
  const limit = multipart ? bodyLimits.multipartBytes : bodyLimits.formBytes;
  if (contentLength !== null && contentLength > limit) return { ok: false, status: 413 };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += bytes.byteLength;
    if (size > limit) return { ok: false, status: 413 };
    chunks.push(bytes);
  }
  const body = Buffer.concat(chunks, size);
  if (multipart) {
    const boundary = boundaryOf(contentType);
    if (!boundary) return { ok: false, status: 400 };
    // Every part opens with the delimiter, and one more closes the body.
    if (
      occurrences(body, Buffer.from(`--${boundary}`), bodyLimits.multipartParts + 1) >
      bodyLimits.multipartParts + 1
    ) {
      return { ok: false, status: 413 };
    }
    let form: FormData;
    try {
      form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      return { ok: false, status: 400 };
    }
    for (const name of form.keys()) if (!acceptsFieldName(name)) return { ok: false, status: 400 };
  } else if (contentType.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    if (occurrences(body, Buffer.from("&"), bodyLimits.formFields) >= bodyLimits.formFields)
      return { ok: false, status: 413 };
    for (const name of new URLSearchParams(body.toString()).keys())
      if (!acceptsFieldName(name)) return { ok: false, status: 400 };
  }
  return { ok: true, body };
}
