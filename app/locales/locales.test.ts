import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "./resources";

function keys(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keys(v, `${prefix}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/** The keys `other` lacks and the keys it has that `reference` lacks. */
function keyDifferences(reference: unknown, other: unknown): { missing: string[]; extra: string[] } {
  const ours = new Set(keys(reference));
  const theirs = new Set(keys(other));
  return {
    missing: [...ours].filter((k) => !theirs.has(k)).sort(),
    extra: [...theirs].filter((k) => !ours.has(k)).sort(),
  };
}

describe("translations", () => {
  it("tells a missing key from an extra one", () => {
    expect(keyDifferences({ a: { b: "x", c: "y" } }, { a: { b: "x" }, d: "z" })).toEqual({
      missing: ["a.c"],
      extra: ["d"],
    });
    expect(keyDifferences({ a: "x" }, { a: "y" })).toEqual({ missing: [], extra: [] });
  });

  it.each(["es", "en", "fr", "el"] as const)("%s loads every namespace file of its folder", (language) => {
    const files = fs
      .readdirSync(path.join(__dirname, language))
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.replace(/\.json$/, ""));
    expect(Object.keys(resources[language]).sort()).toEqual(files.sort());
  });

  // Spanish is the default language (the spec's reference): every other one has exactly its keys.
  it.each(["en", "fr", "el"] as const)("%s has Spanish's keys, none missing and none extra", (language) => {
    expect(keyDifferences(resources.es, resources[language])).toEqual({ missing: [], extra: [] });
  });

  it("keeps the {{placeholders}} of each English string", () => {
    const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();
    const lookup = (tree: unknown, path: string) =>
      path
        .split(/\.|\[|\]/)
        .filter(Boolean)
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
    for (const language of ["es", "fr", "el"] as const) {
      for (const key of keys(resources[language])) {
        const theirs = lookup(resources[language], key);
        const ours = lookup(resources.en, key);
        if (typeof theirs === "string" && typeof ours === "string") {
          expect(placeholders(theirs), `${language}:${key}`).toEqual(placeholders(ours));
        }
      }
    }
  });
});
