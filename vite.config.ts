import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  build: { assetsInlineLimit: 0 },
  plugins: [
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
