import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";

/*
 * Single fetch is off (ADR 0006), so the browser never decodes a turbo-stream; @remix-run/react
 * still imports the decoder statically. In the client build `turbo-stream` resolves to a module
 * whose functions throw, which keeps some 3 KB gzip off every first load
 * (docs/architecture.md#budgets). The server build is untouched.
 */
function withoutTurboStreamInBrowser(): Plugin {
  const stub = "\0turbo-stream-off";
  return {
    name: "rueda:without-turbo-stream-in-browser",
    enforce: "pre",
    resolveId(id, _importer, options) {
      return id === "turbo-stream" && !options?.ssr ? stub : null;
    },
    load(id) {
      if (id !== stub) return null;
      const off =
        "() => { throw new Error('turbo-stream is not in the browser build: single fetch is off (docs/decisions/0006)'); }";
      return `export const decode = ${off};\nexport const encode = ${off};\n`;
    },
  };
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  build: { assetsInlineLimit: 0 },
  plugins: [
    withoutTurboStreamInBrowser(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        // Off (ADR 0006): a document render then carries its loader data as one JSON
        // object and can be rendered to a string, instead of streaming turbo-stream chunks
        // through Suspense; that is a quarter less server CPU per search page.
        v3_singleFetch: false,
        // On (ADR 0009): a page carries the manifest entries of its own routes only, so the
        // back office's and the API's routes add nothing to a public page's first load.
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
});
