import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

/*
 * Two projects run side by side (docs/operations.md#tests): "unit" needs no database and no Redis
 * (its set-up file makes any attempt fail), "db" runs against one database per worker, cloned from
 * a migrated template by tests/setup/databases.ts.
 */
const databaseTests = ["tests/integration/**/*.test.ts"];
/* The unit project's files: every test under these folders, and these two of tests/. */
const unitFolders = ["app", "config", "db", "jobs", "log"];
const unitFiles = ["tests/patches.test.ts", "tests/lint-rules.test.ts"];
const unitTests = [...unitFolders.map((folder) => `${folder}/**/*.test.{ts,tsx}`), ...unitFiles];

/*
 * Unit test files share their worker's loaded modules (`isolate: false`): importing the app's
 * modules again for each file was two thirds of the unit project's time (docs/operations.md#vitest).
 * A file that replaces a module or reloads modules under another environment would leak that into
 * the next file of its worker, so those are found by what they call and run isolated.
 */
const replacesModules = /\bvi\.(mock|doMock|resetModules|stubEnv)\(/;
function ownModuleRegistry(): string[] {
  const testFiles: string[] = [...unitFiles];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.test\.tsx?$/.test(entry.name)) testFiles.push(file);
    }
  };
  for (const folder of unitFolders) walk(folder);
  return testFiles.filter((file) => replacesModules.test(fs.readFileSync(file, "utf8")));
}
const isolatedUnitTests = ownModuleRegistry();

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
      {
        extends: true,
        test: {
          name: "unit",
          include: unitTests,
          exclude: isolatedUnitTests,
          isolate: false,
          setupFiles: ["tests/setup/no-database.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          include: isolatedUnitTests,
          setupFiles: ["tests/setup/no-database.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: databaseTests,
          globalSetup: ["tests/setup/databases.ts"],
          setupFiles: ["tests/setup/worker-services.ts"],
        },
      },
    ],
  },
});
