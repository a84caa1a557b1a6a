import { describe, expect, it } from "vitest";
import { csvLines, UTF8_BOM } from "./csv.server";

describe("csvLines (docs/security.md#csv-export)", () => {
  it("neutralises cells a spreadsheet would run as a formula", () => {
    const out = csvLines([['=HYPERLINK("http://evil.example","x")', "+1", "-2+3", "@SUM(A1)", "\tx", "plain", "a=b"]]);
    expect(out).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")",'+1,'-2+3,'@SUM(A1),'\tx,plain,a=b\r\n`);
  });

  it("quotes separators, quotes and line breaks, and ends lines in CRLF", () => {
    expect(
      csvLines([
        ["a,b", 'say "hi"', "two\nlines"],
        ["Μαρία", "Ñandú"],
      ]),
    ).toBe(`"a,b","say ""hi""","two\nlines"\r\nΜαρία,Ñandú\r\n`);
  });

  it("has the UTF-8 byte order mark Excel needs", () => {
    expect(new TextEncoder().encode(UTF8_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
