/**
 * Before any worker starts (docs/operations.md#tests): the production build, unless the caller
 * built it already (E2E_PREBUILT=1, as npm test does beside its static checks); with PostgreSQL,
 * DATABASE_URL's database becomes the template every worker clones (tests/e2e/worker-servers.ts):
 * migrated and loaded with the demo data by `npm run db:seed`, the same step a server takes on
 * an empty database. Clones a previous run left are dropped first, and again at the end.
 */
import { spawnSync } from "node:child_process";
import postgres from "postgres";

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status ?? result.signal})`);
}

/** Drops every `<template>_w<n>` clone; the template itself stays (npm test drops it). */
async function dropClones(templateUrl: string) {
  const admin = new URL(templateUrl);
  const template = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = "/postgres";
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    const clones = await sql<Array<{ datname: string }>>`
      select datname from pg_database where datname ~ ${`^${template.replace(/\W/g, "\\$&")}_w[0-9]+$`}`;
    for (const { datname } of clones) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export default async function globalSetup() {
  if (process.env.E2E_PREBUILT !== "1") run("npm", ["run", "build"]);
  const templateUrl = process.env.DATABASE_URL;
  if (!templateUrl) return;
  await dropClones(templateUrl);
  // Its own process, ended before any clone is made: nothing may be connected to a template.
  run("npm", ["run", "--silent", "db:seed"], { DATABASE_URL: templateUrl, REDIS_URL: "" });
  return () => dropClones(templateUrl);
}
