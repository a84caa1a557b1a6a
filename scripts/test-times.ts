/**
 * `npm run test:times`: where the last `npm test` spent its time — each step's wall time, then
 * each test file's time (vitest and Playwright), slowest first, with the budgets of
 * docs/operations.md#test-budget beside them, so a note can say how the suite grew. It reads what
 * the last run left in `.data/test-times/` (scripts/test.ts writes the steps, the runners their
 * JSON reports); it runs nothing.
 */
import fs from "node:fs";
import path from "node:path";

const dir = ".data/test-times";
// docs/operations.md#test-budget: the whole of `npm test` in CI, and any one file.
const suiteBudgetMs = 15 * 60_000;
const fileBudgetMs = 60_000;
const shown = Number(process.argv.find((a) => /^--top=\d+$/.test(a))?.slice(6) ?? 15);

type Step = { title: string; ms: number; ok: boolean; background?: boolean };
type VitestReport = { testResults: Array<{ name: string; startTime: number; endTime: number }> };
type PlaywrightSuite = {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ file: string; tests: Array<{ results: Array<{ duration: number; parallelIndex: number }> }> }>;
};
type PlaywrightReport = { suites: PlaywrightSuite[]; stats: { duration: number } };

function read<T>(name: string): T | null {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : null;
}

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function printFiles(title: string, times: Map<string, number>, workers?: Map<number, number>) {
  const rows = [...times].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  const over = rows.filter(([, ms]) => ms > fileBudgetMs);
  console.log(`\n${title}: ${rows.length} files, ${minutes(total)} of test time (summed over workers)`);
  // Workers run files side by side: each one's busy time beside the wall time shows how evenly they shared it.
  if (workers && workers.size > 1)
    console.log(
      `  ${workers.size} workers, each busy ${[...workers]
        .sort((a, b) => a[0] - b[0])
        .map(([, ms]) => minutes(ms))
        .join(", ")}; a file's time is its own, files of different workers overlapped`,
    );
  for (const [file, ms] of rows.slice(0, shown))
    console.log(`  ${seconds(ms).padStart(8)}  ${file}${ms > fileBudgetMs ? "   over the file budget" : ""}`);
  if (rows.length > shown) console.log(`  … ${rows.length - shown} more (--top=N shows N)`);
  console.log(`  files over ${seconds(fileBudgetMs)}: ${over.length}`);
}

const steps = read<Step[]>("steps.json");
if (!steps) {
  console.log(`No times yet: run \`npm test\` first (it writes ${dir}/).`);
  process.exit(0);
}
// A background step (the build) ran beside the others: not added to the wall time.
const whole = steps.filter((step) => !step.background).reduce((sum, step) => sum + step.ms, 0);
console.log(`npm test: ${minutes(whole)} (budget ${minutes(suiteBudgetMs)} in CI)`);
for (const step of steps) console.log(`  ${minutes(step.ms).padStart(9)}  ${step.title}${step.ok ? "" : "  (failed)"}`);

const vitest = read<VitestReport>("vitest.json");
if (vitest)
  printFiles(
    "vitest",
    new Map(vitest.testResults.map((r) => [path.relative(process.cwd(), r.name), r.endTime - r.startTime])),
  );

const playwright = read<PlaywrightReport>("playwright.json");
if (playwright) {
  const times = new Map<string, number>();
  const workers = new Map<number, number>();
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results) {
          times.set(spec.file, (times.get(spec.file) ?? 0) + r.duration);
          // A test that never ran (skipped, or left when a run stops) has no worker: index -1.
          if (r.parallelIndex >= 0) workers.set(r.parallelIndex, (workers.get(r.parallelIndex) ?? 0) + r.duration);
        }
    suite.suites?.forEach(walk);
  };
  playwright.suites.forEach(walk);
  printFiles(`Playwright (${minutes(playwright.stats.duration)} wall)`, times, workers);
}
