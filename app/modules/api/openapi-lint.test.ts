import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";
import { apiOperations } from "./registry";

/*
 * The served document, linted as an outside client's tools lint it: Redocly's recommended rules
 * (redocly.yaml) and Spectral's `spectral:oas` (.spectral.yaml), both with no error allowed.
 */

const root = path.resolve(__dirname, "../../..");
const folder = mkdtempSync(path.join(tmpdir(), "rueda-openapi-"));
const file = path.join(folder, "openapi.json");
writeFileSync(file, JSON.stringify(openApiDocument(apiOperations, "https://rueda.example")));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function lint(tool: string, args: string[]) {
  const result = spawnSync(path.join(root, "node_modules/.bin", tool), args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe("the OpenAPI document, linted", () => {
  it("passes Redocly's recommended rules with no error", { timeout: 120_000 }, () => {
    const { status, output } = lint("redocly", ["lint", file, "--config", "redocly.yaml", "--format", "stylish"]);
    expect(output).not.toMatch(/\berror\b\s+[a-z-]+/);
    expect(status, output).toBe(0);
  });

  it("passes Spectral's spectral:oas rules with no error", { timeout: 120_000 }, () => {
    const { status, output } = lint("spectral", [
      "lint",
      file,
      "--ruleset",
      ".spectral.yaml",
      "--format",
      "json",
      "--fail-severity",
      "error",
      "--quiet",
    ]);
    const json = output.slice(output.indexOf("["), output.lastIndexOf("]") + 1);
    const problems = (json ? JSON.parse(json) : []) as Array<{ code: string; severity: number; message: string }>;
    expect(problems.filter((problem) => problem.severity === 0)).toEqual([]);
    expect(status, output).toBe(0);
  });
});
