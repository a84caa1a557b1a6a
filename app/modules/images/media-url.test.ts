import { describe, expect, it } from "vitest";
import { etagOf, ifNoneMatchHits, keyFromMediaName, keyFromMediaPath, mediaPath } from "./media-url";

const key = "0123456789abcdef".repeat(4);

describe("media URLs", () => {
  it("name an image by its key, and read the key back", () => {
    expect(mediaPath(key)).toBe(`/media/${key}.webp`);
    expect(keyFromMediaPath(mediaPath(key))).toBe(key);
    expect(keyFromMediaName(`${key}.webp`)).toBe(key);
  });

  it.each([
    ["too short", `${key.slice(1)}.webp`],
    ["too long", `${key}0.webp`],
    ["upper case", `${key.toUpperCase()}.webp`],
    ["another extension", `${key}.png`],
    ["no extension", key],
    ["a path", `../${key}.webp`],
    ["a trailing newline", `${key}.webp\n`],
    ["a NUL byte", `${key}.webp\0`],
    ["a query", `${key}.webp?x=1`],
    ["empty", ""],
    ["huge", "a".repeat(100_000)],
  ])("refuse a name that is %s", (_label, name) => {
    expect(keyFromMediaName(name)).toBeNull();
    expect(keyFromMediaPath(`/media/${name}`)).toBeNull();
  });

  it("refuse a missing name and paths outside /media/", () => {
    expect(keyFromMediaName(undefined)).toBeNull();
    expect(keyFromMediaPath("/images/cars/sedan.svg")).toBeNull();
    expect(keyFromMediaPath(`/uploads/avatars/${key}.webp`)).toBeNull();
    expect(keyFromMediaPath(`/media/x/${key}.webp`)).toBeNull();
  });
});

describe("If-None-Match", () => {
  const etag = etagOf(key);

  it("hits on the image's ETag, weak or strong, alone or in a list, and on *", () => {
    expect(etag).toBe(`"${key}"`);
    expect(ifNoneMatchHits(etag, etag)).toBe(true);
    expect(ifNoneMatchHits(`W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHits(`"other", ${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHits("*", etag)).toBe(true);
  });

  it("misses on anything else", () => {
    expect(ifNoneMatchHits(null, etag)).toBe(false);
    expect(ifNoneMatchHits("", etag)).toBe(false);
    expect(ifNoneMatchHits(key, etag)).toBe(false);
    expect(ifNoneMatchHits(`"${"f".repeat(64)}"`, etag)).toBe(false);
  });
});
