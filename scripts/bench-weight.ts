/**
 * `npm run bench:weight` — the JavaScript a first visit downloads (docs/architecture.md#budgets: ≤ 100 KB
 * gzip for /, /search and /checkout (the search's first Book link), the map loaded only where
 * shown). After a build, the app is started on in-memory PGlite with the demo data; for each page the script reads the HTML,
 * takes every module it names (modulepreload links and module scripts, inline imports
 * included) and every module those import statically, and sums their gzip sizes.
 * Dynamic imports (the Leaflet map) are listed apart: they load later, and only where used.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { buildIfNeeded, startServer } from "./support";

const port = Number(process.env.BENCH_PORT ?? 3451);
const base = `http://127.0.0.1:${port}`;
const clientDir = path.resolve("build/client");
const BUDGET_KB = 100;

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file)).length;

/** Static `import … from "x"` / `export … from "x"` / bare `import "x"`, not `import("x")`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g))
    found.add(m[1]);
  return [...found];
}

function dynamicImports(code: string): string[] {
  return [...code.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)].map((m) => m[1]);
}

/** Every module a page loads before it is interactive, by URL path. */
function firstLoadModules(html: string): { modules: Set<string>; lazy: Set<string> } {
  const entry = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) entry.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) entry.add(m[1]);
  for (const m of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g))
    for (const spec of staticImports(m[1])) entry.add(spec);
  const modules = new Set<string>();
  const lazy = new Set<string>();
  const queue = [...entry].filter((u) => u.startsWith("/"));
  while (queue.length) {
    const url = queue.pop()!;
    if (modules.has(url)) continue;
    modules.add(url);
    const code = fs.readFileSync(path.join(clientDir, url), "utf8");
    for (const spec of staticImports(code)) queue.push(path.posix.join(path.posix.dirname(url), spec));
    for (const spec of dynamicImports(code)) lazy.add(path.posix.join(path.posix.dirname(url), spec));
  }
  for (const url of modules) lazy.delete(url);
  return { modules, lazy };
}

function caracas(days: number, time: string) {
  return `${new Date(Date.now() - 4 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;
}

/** The first Book link of a demo-data search: a checkout that opens. */
async function firstBookLink(search: string): Promise<string> {
  const html = await (await fetch(base + search)).text();
  const href = html.match(/href="(\/checkout\?[^"]+)"/)?.[1];
  if (!href) throw new Error("no Book link on the demo search");
  return href.replaceAll("&amp;", "&");
}

buildIfNeeded();
// Loading the demo data into PGlite takes a while on a busy machine.
const server = await startServer(port, {
  DATABASE_URL: "",
  PGLITE_DIR: "memory://",
  REDIS_URL: "",
  DATA_DIR: ".data/bench-weight",
  DEMO_DATA: "1",
});
let over = false;
try {
  const search = `/search?pickup=1&same=1&from=${caracas(7, "10:00")}&to=${caracas(10, "10:00")}`;
  const pages = [
    ["/", "/"],
    ["/search", search],
    ["/checkout", await firstBookLink(search)],
  ];
  for (const [name, url] of pages) {
    const html = await (await fetch(base + url)).text();
    const { modules, lazy } = firstLoadModules(html);
    const sizes = [...modules]
      .map((m) => ({ m, size: gzipSize(path.join(clientDir, m)) }))
      .sort((a, b) => b.size - a.size);
    const total = sizes.reduce((sum, s) => sum + s.size, 0);
    over ||= total > BUDGET_KB * 1024;
    console.log(
      `\n${name}: ${(total / 1024).toFixed(1)} KB gzip of JavaScript on first load (${modules.size} modules; budget ${BUDGET_KB} KB)`,
    );
    for (const { m, size } of sizes) console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${m}`);
    const lazySizes = [...lazy].map((m) => `${m} ${(gzipSize(path.join(clientDir, m)) / 1024).toFixed(1)} KB`);
    if (lazySizes.length) console.log(`  loaded later, only when used: ${lazySizes.join(", ")}`);
    const translations = html.match(/<link[^>]+id="translations"[^>]+href="([^"]+)"/)?.[1];
    const translationsSize = translations
      ? zlib.gzipSync(Buffer.from(await (await fetch(base + translations)).arrayBuffer())).length
      : 0;
    console.log(
      `  (not JavaScript, beside it: the HTML, ${(zlib.gzipSync(html).length / 1024).toFixed(1)} KB gzip; the translations, ${(translationsSize / 1024).toFixed(1)} KB gzip, cached for good)`,
    );
  }
} finally {
  await server.stop();
}
console.log(over ? "\nOver budget." : "\nWithin budget.");
