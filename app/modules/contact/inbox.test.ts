import { describe, expect, it } from "vitest";
import { inboxHref, readInboxQuery } from "./inbox";

describe("readInboxQuery", () => {
  it("keeps a known filter and a positive page", () => {
    expect(readInboxQuery(new URLSearchParams("show=unhandled&page=2"))).toEqual({ filter: "unhandled", page: 2 });
    expect(readInboxQuery(new URLSearchParams("show=handled"))).toEqual({ filter: "handled", page: 1 });
  });

  it("shows everything from the first page for anything else", () => {
    expect(readInboxQuery(new URLSearchParams("show=spam&page=0"))).toEqual({ filter: null, page: 1 });
    expect(readInboxQuery(new URLSearchParams("page=abc"))).toEqual({ filter: null, page: 1 });
  });
});

describe("inboxHref", () => {
  it("drops the defaults and keeps the filter across pages", () => {
    expect(inboxHref({ filter: null, page: 1 })).toBe("/admin/contact");
    expect(inboxHref({ filter: "handled", page: 1 }, 3)).toBe("/admin/contact?show=handled&page=3");
  });
});
