import { describe, expect, it } from "vitest";
import { resources } from "./resources";

function keys(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keys(v, `${prefix}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe("translations", () => {
  const english = keys(resources.en).sort();

  it.each(["es", "fr", "el"] as const)("%s is complete: the same keys as English", (language) => {
    expect(keys(resources[language]).sort()).toEqual(english);
  });

  it("keeps the {{placeholders}} of each English string", () => {
    const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();
    const lookup = (tree: unknown, path: string) =>
      path.split(/\.|\[|\]/).filter(Boolean).reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
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
