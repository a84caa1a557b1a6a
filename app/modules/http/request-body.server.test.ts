import { describe, expect, it } from "vitest";
import { bodyLimits } from "./body-limits";
import { acceptsFieldName, readCappedBody } from "./request-body.server";

const urlencoded = "application/x-www-form-urlencoded";

/** A body that arrives in chunks and never ends unless `total` is given: what a chunked upload can do. */
async function* chunked(chunk: Buffer, total = Infinity) {
  for (let sent = 0; sent < total; sent += chunk.byteLength) yield chunk;
}

function multipart(parts: number, boundary = "XyZ", value = "v") {
  const body = Array.from(
    { length: parts },
    (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${value}\r\n`,
  ).join("");
  return { body: Buffer.from(`${body}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe("readCappedBody", () => {
  it("returns a body within the cap", async () => {
    const verdict = await readCappedBody(chunked(Buffer.from("a=1&b=2"), 7), {
      contentType: urlencoded,
      contentLength: null,
    });
    expect(verdict).toEqual({ ok: true, body: Buffer.from("a=1&b=2") });
  });

  it("stops reading an endless chunked body at the cap", async () => {
    let read = 0;
    async function* endless() {
      for (;;) {
        read += 64 * 1024;
        yield Buffer.alloc(64 * 1024, 97);
      }
    }
    expect(await readCappedBody(endless(), { contentType: urlencoded, contentLength: null })).toEqual({
      ok: false,
      status: 413,
    });
    expect(read).toBeLessThanOrEqual(bodyLimits.formBytes + 64 * 1024);
  });

  it("does not trust a small Content-Length over what actually arrives", async () => {
    const verdict = await readCappedBody(chunked(Buffer.alloc(1024, 97), 300 * 1024), {
      contentType: urlencoded,
      contentLength: 10,
    });
    expect(verdict).toEqual({ ok: false, status: 413 });
  });

  it("refuses a declared oversized body before reading it", async () => {
    let touched = false;
    async function* body() {
      touched = true;
      yield Buffer.from("x");
    }
    expect(await readCappedBody(body(), { contentType: urlencoded, contentLength: 10_000_000 })).toEqual({
      ok: false,
      status: 413,
    });
    expect(touched).toBe(false);
  });

  it("gives uploads the larger multipart cap", async () => {
    const { body: big, contentType } = multipart(1, "XyZ", "x".repeat(1024 * 1024));
    expect((await readCappedBody(chunked(big, big.byteLength), { contentType, contentLength: null })).ok).toBe(true);
    const tooBig = Buffer.alloc(bodyLimits.multipartBytes + 1, 32);
    expect(await readCappedBody(chunked(tooBig, tooBig.byteLength), { contentType, contentLength: null })).toEqual({
      ok: false,
      status: 413,
    });
  });

  it("limits the number of multipart parts", async () => {
    const allowed = multipart(bodyLimits.multipartParts);
    expect(
      (
        await readCappedBody(chunked(allowed.body, allowed.body.byteLength), {
          contentType: allowed.contentType,
          contentLength: null,
        })
      ).ok,
    ).toBe(true);
    const many = multipart(bodyLimits.multipartParts + 1);
    expect(
      await readCappedBody(chunked(many.body, many.body.byteLength), {
        contentType: many.contentType,
        contentLength: null,
      }),
    ).toEqual({
      ok: false,
      status: 413,
    });
  });

  it("answers 400 for multipart that does not parse or has no boundary", async () => {
    const broken = Buffer.from("--XyZ\r\nnot a part");
    expect(
      await readCappedBody(chunked(broken, broken.byteLength), {
        contentType: "multipart/form-data; boundary=XyZ",
        contentLength: null,
      }),
    ).toEqual({
      ok: false,
      status: 400,
    });
    expect(
      await readCappedBody(chunked(broken, broken.byteLength), {
        contentType: "multipart/form-data",
        contentLength: null,
      }),
    ).toEqual({
      ok: false,
      status: 400,
    });
  });

  it("limits the number of form fields", async () => {
    const fields = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => `f${i}=1`).join("&"));
    const ok = fields(bodyLimits.formFields);
    expect(
      (await readCappedBody(chunked(ok, ok.byteLength), { contentType: urlencoded, contentLength: null })).ok,
    ).toBe(true);
    const many = fields(bodyLimits.formFields + 1);
    expect(
      await readCappedBody(chunked(many, many.byteLength), { contentType: urlencoded, contentLength: null }),
    ).toEqual({ ok: false, status: 413 });
  });
});

describe("field names", () => {
  const post = (body: string | Buffer, contentType = urlencoded) => {
    const bytes = Buffer.from(body);
    return readCappedBody(chunked(bytes, bytes.byteLength), { contentType, contentLength: null });
  };

  it("accepts list indexes up to the bound, however written", async () => {
    expect(acceptsFieldName("marks[0].area")).toBe(true);
    expect(acceptsFieldName(`marks[${bodyLimits.listIndexMax}].area`)).toBe(true);
    expect(acceptsFieldName("damages[007].note")).toBe(true);
    expect(acceptsFieldName("options")).toBe(true);
    expect(acceptsFieldName("a.9999999")).toBe(true);
    expect((await post(`zz[${bodyLimits.listIndexMax}]=1`)).ok).toBe(true);
  });

  it("refuses an index above it, anywhere in the name", () => {
    expect(acceptsFieldName(`zz[${bodyLimits.listIndexMax + 1}]`)).toBe(false);
    expect(acceptsFieldName("zz[9999999]")).toBe(false);
    expect(acceptsFieldName("a[0].b[100000].c")).toBe(false);
    expect(acceptsFieldName(`zz[${"9".repeat(400)}]`)).toBe(false);
  });

  it("refuses conform's control fields", () => {
    expect(acceptsFieldName("__intent__")).toBe(false);
    expect(acceptsFieldName("__state__")).toBe(false);
  });

  it("reads the names as a form does: percent-encoded urlencoded, multipart parts", async () => {
    expect(await post("zz%5B9999999%5D=1")).toEqual({ ok: false, status: 400 });
    expect(await post("a=1&__intent__=x")).toEqual({ ok: false, status: 400 });
    const body = `--XyZ\r\nContent-Disposition: form-data; name="marks[9999999].area"\r\n\r\nfront\r\n--XyZ--\r\n`;
    expect(await post(body, "multipart/form-data; boundary=XyZ")).toEqual({ ok: false, status: 400 });
    // A JSON body has no field names: conform never reads it.
    expect((await post('{"zz[9999999]":1}', "application/json")).ok).toBe(true);
  });
});
