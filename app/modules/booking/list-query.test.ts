import { describe, expect, it } from "vitest";
import { BOOKINGS_PER_PAGE, BOOKINGS_PER_PAGE_MOBILE, bookingsPageSize } from "./list-query";

const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

describe("bookingsPageSize (docs/domain.md#limits)", () => {
  it("shows 20 a page, 10 on mobile", () => {
    expect(BOOKINGS_PER_PAGE).toBe(20);
    expect(BOOKINGS_PER_PAGE_MOBILE).toBe(10);
  });

  it("follows the Sec-CH-UA-Mobile client hint when the browser sends it", () => {
    expect(bookingsPageSize(new Headers({ "Sec-CH-UA-Mobile": "?1", "User-Agent": desktop }))).toBe(10);
    expect(bookingsPageSize(new Headers({ "Sec-CH-UA-Mobile": "?0", "User-Agent": android }))).toBe(20);
  });

  it("else reads a mobile User-Agent", () => {
    expect(bookingsPageSize(new Headers({ "User-Agent": iphone }))).toBe(10);
    expect(bookingsPageSize(new Headers({ "User-Agent": android }))).toBe(10);
    expect(bookingsPageSize(new Headers({ "User-Agent": desktop }))).toBe(20);
    expect(bookingsPageSize(new Headers())).toBe(20);
  });
});
