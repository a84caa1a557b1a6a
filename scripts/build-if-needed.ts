import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Benchmarks measure the production build; rebuild only when app/ changed since the last one. */
export function buildIfNeeded() {
  const built = "build/server/index.js";
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs > newestMtime("app")) {
    console.log("Build is up to date.");
    return;
  }
  console.log("Building (remix vite:build)…");
  const result = spawnSync("npx", ["remix", "vite:build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error("build failed");
}
