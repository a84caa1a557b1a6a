import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Tripwire for the framework patches (ADR 0007, 0009, 0010): each file a patch in patches/ changes
 * must hold the patch's added lines once `npm ci` has run patch-package. A patch that silently
 * stops applying (an upgrade, patch-package skipped) then fails `npm test`, not only the bench.
 */
const root = path.resolve(import.meta.dirname, "..");
const patches = fs.readdirSync(path.join(root, "patches")).filter((name) => name.endsWith(".patch"));

/** The added lines of each file of a patch, as `+++ b/<file>` hunks list them (blank lines left out). */
function addedLines(patch: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of patch.split("\n")) {
    if (line.startsWith("+++ b/")) {
      current = [];
      files.set(line.slice("+++ b/".length), current);
    } else if (current && line.startsWith("+") && line.slice(1).trim() !== "") {
      current.push(line.slice(1));
    }
  }
  return files;
}

describe("framework patches are applied", () => {
  it("has the four patches the ADRs describe", () => {
    expect(patches).toHaveLength(4);
  });
  for (const name of patches) {
    it(name, () => {
      const files = addedLines(fs.readFileSync(path.join(root, "patches", name), "utf8"));
      expect(files.size).toBeGreaterThan(0);
      for (const [file, lines] of files) {
        const installed = fs.readFileSync(path.join(root, file), "utf8");
        expect(installed).toContain("Patched (Rueda, patches/)");
        for (const line of lines) expect(installed, `${file} lacks: ${line}`).toContain(line);
      }
    });
  }
});
