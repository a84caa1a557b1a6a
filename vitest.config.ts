import fs from "node:fs";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/*
 * Projects run side by side (docs/operations.md#tests): "unit" needs no database and no Redis
 * (its set-up file makes any attempt fail), "db" runs against one database per worker, cloned from
 * a migrated template by tests/setup/databases.ts; each has an "-isolated" twin for the files that
 * cannot share a process's modules (below).
 */
const databaseFolder = "tests/integration";
const databaseTests = [`${databaseFolder}/**/*.test.ts`];
/* The unit project's files: every test under these folders, and these two of tests/. */
const unitFolders = ["app", "config", "db", "jobs", "log"];
const unitFiles = ["tests/patches.test.ts", "tests/lint-rules.test.ts"];
const unitTests = [...unitFolders.map((folder) => `${folder}/**/*.test.{ts,tsx}`), ...unitFiles];

/*
 * Test files share their worker's loaded modules (`isolate: false`): importing the app's modules
 * again for each file was two thirds of the unit project's time (docs/operations.md#vitest). A
 * file that replaces a module, reloads modules, or sets environment variables for the modules it
 * loads would leak that into the next file of its worker, so those are found by what they (or the
 * test helpers they import) call and run isolated, in a project of their own; so is a file that
 * says it "needs a process of its own" (one that tests what a process starts with).
 */
const leaksIntoNextFile =
  /\bvi\.(mock|doMock|resetModules|stubEnv)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|Object\.assign\(process\.env|delete process\.env|needs a process of its own/;
function testFilesUnder(folders: string[]): string[] {
  const testFiles: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.test\.tsx?$/.test(entry.name)) testFiles.push(file);
    }
  };
  for (const folder of folders) walk(folder);
  return testFiles;
}
const testHelpers = path.resolve("tests") + path.sep;
/** Whether the file, or a helper of the tests it imports (a relative import, such as a fixture), leaks. */
function leaks(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !fs.existsSync(file)) return false;
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  if (leaksIntoNextFile.test(source)) return true;
  const helpers = [...source.matchAll(/from "(\.{1,2}\/[^"]+)"/g)].map((m) => path.resolve(path.dirname(file), m[1]));
  return helpers.some((helper) => helper.startsWith(testHelpers) && leaks(`${helper}.ts`, seen));
}
const leakingFiles = (files: string[]) => files.filter((file) => leaks(file));

type Setup = { globalSetup?: string[]; setupFiles: string[]; betweenSharedFiles?: string[] };
/**
 * A project whose files share their worker's modules, and its "-isolated" twin for those of
 * `files` that leak; `betweenSharedFiles` runs before each file of the shared one.
 */
function sharedAndIsolated(
  name: string,
  include: string[],
  files: string[],
  setup: Setup,
): TestProjectInlineConfiguration[] {
  const isolated = leakingFiles(files);
  const { globalSetup, setupFiles, betweenSharedFiles = [] } = setup;
  return [
    {
      extends: true,
      test: {
        name,
        include,
        exclude: isolated,
        isolate: false,
        globalSetup,
        setupFiles: [...setupFiles, ...betweenSharedFiles],
      },
    },
    { extends: true, test: { name: `${name}-isolated`, include: isolated, globalSetup, setupFiles } },
  ];
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two workers on the two-core machine CI runs on; more only queue for the same cores.
    maxWorkers: 2,
    allowOnly: !process.env.CI,
    projects: [
      ...sharedAndIsolated("unit", unitTests, [...unitFiles, ...testFilesUnder(unitFolders)], {
        setupFiles: ["tests/setup/no-database.ts"],
      }),
      ...sharedAndIsolated("db", databaseTests, testFilesUnder([databaseFolder]), {
        globalSetup: ["tests/setup/databases.ts"],
        setupFiles: ["tests/setup/worker-services.ts"],
        betweenSharedFiles: ["tests/setup/fresh-process-state.ts"],
      }),
    ],
  },
});
