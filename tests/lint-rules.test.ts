/**
 * The lint's import rules bite (docs/architecture.md#layers): each probe is code that breaks a
 * rule, linted with the project's own config, and must be refused. A rule that silently stopped
 * resolving imports (as no-cycle did without import-x's parser settings) fails here.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Only the import rules run, without type information: the probes need the resolver, not the
// TypeScript program, and this keeps the file to seconds.
const eslint = new ESLint({
  ignore: false,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) =>
    ["import-x/no-cycle", "import-x/no-restricted-paths", "@typescript-eslint/no-restricted-imports"].includes(ruleId),
});

async function refusals(files: string[] | { code: string; filePath: string }) {
  const results = Array.isArray(files)
    ? await eslint.lintFiles(files)
    : await eslint.lintText(files.code, { filePath: files.filePath });
  return results.flatMap((r) => r.messages.map((m) => m.ruleId));
}

describe("the lint's import rules", () => {
  it("refuses a cycle between two files", async () => {
    expect(await refusals(["tests/lint-probes/cycle-a.ts", "tests/lint-probes/cycle-b.ts"])).toEqual([
      "import-x/no-cycle",
      "import-x/no-cycle",
    ]);
  });

  it("refuses a module importing a folder of a higher tier", async () => {
    const code = 'import { bookingActions } from "~/modules/booking/actions";\nexport const x = bookingActions;\n';
    expect(await refusals({ code, filePath: "app/modules/time/probe.ts" })).toEqual(["import-x/no-restricted-paths"]);
  });

  it("refuses a module importing a route", async () => {
    const code = 'import Page from "~/routes/contact";\nexport const x = Page;\n';
    expect(await refusals({ code, filePath: "app/modules/booking/probe.ts" })).toEqual([
      "import-x/no-restricted-paths",
    ]);
  });

  it("refuses jobs/ and db/ importing anything of app/, and lets them log through log/", async () => {
    const fromApp = 'import { log } from "../app/utils/log.server";\nexport const x = log;\n';
    expect(await refusals({ code: fromApp, filePath: "jobs/probe.ts" })).toEqual(["import-x/no-restricted-paths"]);
    expect(await refusals({ code: fromApp, filePath: "db/probe.ts" })).toEqual(["import-x/no-restricted-paths"]);
    const fromLog = 'import { log } from "../log/logger.server";\nexport const x = log;\n';
    expect(await refusals({ code: fromLog, filePath: "jobs/probe.ts" })).toEqual([]);
  });

  it("refuses a route importing the database or drizzle, however spelled", async () => {
    const imports = {
      "~/utils/db.server": ["import-x/no-restricted-paths"],
      "../utils/db.server": ["import-x/no-restricted-paths"],
      "../../db/schema": ["import-x/no-restricted-paths"],
      "../../db/client": ["import-x/no-restricted-paths"],
      "drizzle-orm": ["@typescript-eslint/no-restricted-imports"],
      "drizzle-orm/pg-core": ["@typescript-eslint/no-restricted-imports"],
    };
    for (const [from, rules] of Object.entries(imports)) {
      const code = `import * as probe from "${from}";\nexport const x = probe;\n`;
      expect(await refusals({ code, filePath: "app/routes/probe.tsx" }), from).toEqual(rules);
    }
  });

  it("lets a route import its module's use case", async () => {
    const code =
      'import { bookingPage } from "~/modules/counter/booking-page.server";\nexport const x = bookingPage;\n';
    expect(await refusals({ code, filePath: "app/routes/probe.tsx" })).toEqual([]);
  });

  it("lets a module import a lower tier", async () => {
    const code = 'import { zoneOffsetMs } from "~/modules/time/zoned-time";\nexport const x = zoneOffsetMs;\n';
    expect(await refusals({ code, filePath: "app/modules/booking/probe.ts" })).toEqual([]);
  });
});
