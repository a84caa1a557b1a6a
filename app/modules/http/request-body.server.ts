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

/**
 * Reads a request body, counting the bytes as they arrive, so neither a false
 * Content-Length nor a chunked body can make the server hold more than the cap; then
 * refuses forms with more parts or fields than any of ours has, and multipart bodies
 * that do not parse (they would otherwise fail inside an action as a 500).
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
    try {
      await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      return { ok: false, status: 400 };
    }
  } else if (contentType.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    if (occurrences(body, Buffer.from("&"), bodyLimits.formFields) >= bodyLimits.formFields)
      return { ok: false, status: 413 };
  }
  return { ok: true, body };
}
