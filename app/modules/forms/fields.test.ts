import { describe, expect, it } from "vitest";
import { optionalText, requiredText } from "./fields";
import { messages } from "./messages";
import { searchText } from "./text";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("free text refuses control characters (docs/security.md#text-input)", () => {
  const controls = ["\u0000", "\u0001", "\u0008", "\u000B", "\u000C", "\u001B", "\u001F", "\u007F", "\u0085", "\u009F"];

  it.each(controls)("a single-line field refuses U+%s with the translated key", (control) => {
    // Inside the text: at either end, trim() already drops the whitespace ones (U+000B, U+000C).
    for (const value of [`Ana${control}Pérez`, `Ana ${control} Pérez`]) {
      const result = requiredText(50).safeParse(value);
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe(messages.controlCharacters);
    }
    expect(firstMessage(optionalText(50).safeParse(`x${control}y`))).toBe(messages.controlCharacters);
  });

  it("a field that is only a NUL is refused for it, not taken as text", () => {
    expect(firstMessage(requiredText(50).safeParse("\u0000"))).toBe(messages.controlCharacters);
    expect(firstMessage(requiredText(50).safeParse("\u0000Ana"))).toBe(messages.controlCharacters);
  });

  it("a single-line field refuses tab, line feed and carriage return inside the text", () => {
    for (const value of ["Ana\tPérez", "Ana\nPérez", "Ana\r\nPérez", "Ana\rPérez"]) {
      expect(firstMessage(requiredText(50).safeParse(value))).toBe(messages.controlCharacters);
    }
  });

  it("a multi-line field keeps tab, line feed and CRLF, but refuses NUL and a lone CR", () => {
    const multiline = requiredText(200, { multiline: true });
    expect(multiline.safeParse("Line one\r\nLine two\n\tindented").data).toBe("Line one\r\nLine two\n\tindented");
    expect(firstMessage(multiline.safeParse("Line one\u0000"))).toBe(messages.controlCharacters);
    expect(firstMessage(multiline.safeParse("Line one\rLine two"))).toBe(messages.controlCharacters);
    expect(firstMessage(optionalText(200, { multiline: true }).safeParse("a\u001Bb"))).toBe(messages.controlCharacters);
  });

  it("ordinary text of every language passes, trimmed", () => {
    for (const value of ["Ana Pérez", "Ζωή Παπαδοπούλου", "François d'Aubigné", "José 😀", "  spaced  "]) {
      expect(requiredText(50).safeParse(value).success).toBe(true);
    }
    expect(requiredText(50).safeParse("  spaced  ").data).toBe("spaced");
    expect(optionalText(50).safeParse(undefined).success).toBe(true);
  });

  it("a search box drops control characters instead of failing", () => {
    expect(searchText(" RD\u0000-ABC\u0085 ", 20)).toBe("RD-ABC");
    expect(searchText("x".repeat(30), 20)).toBe("x".repeat(20));
  });
});
