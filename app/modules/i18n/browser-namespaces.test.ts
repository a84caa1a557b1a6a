import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverOnlyNamespaces, translationsFile } from "./i18n.server";

/** Every file the browser may load: app code but server modules, tests and the email templates. */
function browserFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === path.join("app", "emails") ? [] : browserFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.server\.tsx?$|\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("the browser's translations", () => {
  it("leave out only namespaces no browser code names", () => {
    const offenders = browserFiles("app").flatMap((file) => {
      const code = fs.readFileSync(file, "utf8");
      return [...serverOnlyNamespaces]
        .filter((ns) => code.includes(`"${ns}:`) || code.includes(`useTranslation("${ns}")`))
        .map((ns) => `${file}: ${ns}`);
    });
    expect(offenders).toEqual([]);
  });

  it("hold the rest of the language, under a name that changes with the content", () => {
    const file = translationsFile("el");
    const body = JSON.parse(file.body) as Record<string, Record<string, unknown>>;
    expect(Object.keys(body)).toEqual(["el"]);
    expect(body.el.emails).toBeUndefined();
    expect(body.el.api).toBeDefined();
    expect(file.href).toBe(`/i18n/el.${file.hash}.json`);
    expect(translationsFile("es").hash).not.toBe(file.hash);
  });
});
