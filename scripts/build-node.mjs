/**
 * The second half of `npm run build` (after `remix vite:build`): the processes production runs —
 * web server, worker, the release command and the operator's commands — compiled to JavaScript
 * in build/node/, so production runs `node` on them with no TypeScript at run time
 * (docs/operations.md#build). Packages stay imports of node_modules; the project's own code is
 * bundled, split into shared chunks so the web supervisor loads only what it needs
 * (docs/operations.md#memory). Plain JavaScript, so it runs without tsx.
 */
import { build } from "esbuild";

const entryPoints = {
  server: "server.ts",
  worker: "worker.ts",
  healthcheck: "scripts/healthcheck.ts",
  "db-migrate": "db/migrate.ts",
  "admin-create": "scripts/admin-create.ts",
  outbox: "scripts/outbox.ts",
  seed: "scripts/seed.ts",
};

await build({
  entryPoints,
  outdir: "build/node",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  chunkNames: "chunks/[name]-[hash]",
  // Stack traces in logs keep the functions' names; no source maps ship.
  keepNames: true,
  logLevel: "warning",
  tsconfig: "tsconfig.json",
});
console.log(`Compiled ${Object.keys(entryPoints).length} entries into build/node/.`);
