import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "config/**/*.test.ts",
      "db/**/*.test.ts",
      "jobs/**/*.test.ts",
      "log/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/patches.test.ts",
      "tests/lint-rules.test.ts",
    ],
    environment: "node",
    globalSetup: ["tests/setup/migrate.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
