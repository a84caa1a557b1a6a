import path from "node:path";
import { defineConfig } from "vitest/config";

/*
 * Two projects run side by side (docs/operations.md#tests): "unit" needs no database and no Redis
 * (its set-up file makes any attempt fail), "db" runs against one database per worker, cloned from
 * a migrated template by tests/setup/databases.ts.
 */
const databaseTests = ["tests/integration/**/*.test.ts"];

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
          include: [
            "app/**/*.test.{ts,tsx}",
            "config/**/*.test.ts",
            "db/**/*.test.ts",
            "jobs/**/*.test.ts",
            "log/**/*.test.ts",
            "tests/patches.test.ts",
            "tests/lint-rules.test.ts",
          ],
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
