import { describe, expect, it } from "vitest";
import {
  BOOKINGS_PER_PAGE,
  BOOKINGS_PER_PAGE_MOBILE,
  bookingsPageSize,
  ariaSort,
  filterParams,
  listOrders,
  sortHref,
  listHref,
  readListQuery,
  SEARCH_MAX,
} from "./list-query";

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const android =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
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

describe("the list's filters in the URL", () => {
  it("reads the text search trimmed and capped, and bad values as no filter", () => {
    const query = readListQuery(
      new URLSearchParams({
        q: `  ${"x".repeat(SEARCH_MAX + 20)} `,
        status: "nope",
        supplier: "-3",
        page: "0",
        from: "yesterday",
      }),
    );
    expect(query).toEqual({
      status: null,
      from: "",
      to: "",
      pickupOn: "",
      returnOn: "",
      supplier: null,
      q: "x".repeat(SEARCH_MAX),
      sort: null,
      dir: "asc",
      page: 1,
    });
  });

  it("keeps every filter in the links of either list, and the page only when past the first", () => {
    const query = readListQuery(
      new URLSearchParams({ status: "paid", from: "2026-11-01", to: "2026-11-30", supplier: "4", q: "RD 1&2" }),
    );
    expect(filterParams(query).toString()).toBe("status=paid&from=2026-11-01&to=2026-11-30&supplier=4&q=RD+1%262");
    expect(listHref("/admin/bookings", query, 2)).toBe(
      "/admin/bookings?status=paid&from=2026-11-01&to=2026-11-30&supplier=4&q=RD+1%262&page=2",
    );
    expect(listHref("/bookings", readListQuery(new URLSearchParams()), 1)).toBe("/bookings");
    expect(listHref("/bookings", readListQuery(new URLSearchParams()), 1, 7)).toBe("/bookings?confirm=7");
  });
});

describe("the counter's filters and sorting (docs/domain.md#counter)", () => {
  it("reads picks-up-on and returns-on days, refusing impossible dates, and keeps them in the links", () => {
    const query = readListQuery(new URLSearchParams("pickupOn=2026-11-26&returnOn=2026-02-30&sort=pickup&dir=desc"));
    expect(query).toMatchObject({ pickupOn: "2026-11-26", returnOn: "", sort: "pickup", dir: "desc" });
    expect(filterParams(query).toString()).toBe("pickupOn=2026-11-26&sort=pickup&dir=desc");
  });

  it("sorts by a header ascending first, then the other way, back on page 1 with the filters", () => {
    const query = { ...readListQuery(new URLSearchParams("status=paid&page=3")) };
    expect(sortHref("/admin/bookings", query, "reference")).toBe("/admin/bookings?status=paid&sort=reference&dir=asc");
    expect(ariaSort(query, "reference")).toBeUndefined();
    const sorted = readListQuery(new URLSearchParams("sort=reference&dir=asc"));
    expect(ariaSort(sorted, "reference")).toBe("ascending");
    expect(sortHref("/admin/bookings", sorted, "reference")).toBe("/admin/bookings?sort=reference&dir=desc");
    expect(sortHref("/admin/bookings", sorted, "dropoff")).toBe("/admin/bookings?sort=dropoff&dir=asc");
    expect(readListQuery(new URLSearchParams("sort=price")).sort).toBeNull();
  });

  it("reads the phone's Sort by select as the headers' sort, and keeps it in the links", () => {
    const query = readListQuery(new URLSearchParams("order=dropoff.desc&pickupOn=2026-11-26"));
    expect(query).toMatchObject({ sort: "dropoff", dir: "desc" });
    expect(filterParams(query).toString()).toBe("pickupOn=2026-11-26&sort=dropoff&dir=desc");
    // The select's first choice (the default order) and anything unknown sort by nothing.
    expect(readListQuery(new URLSearchParams("order=&sort=pickup")).sort).toBeNull();
    expect(readListQuery(new URLSearchParams("order=price.asc")).sort).toBeNull();
    expect(listOrders).toEqual([
      "reference.asc",
      "reference.desc",
      "pickup.asc",
      "pickup.desc",
      "dropoff.asc",
      "dropoff.desc",
    ]);
  });
});
