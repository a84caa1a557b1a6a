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
        // Off: with a couple of dozen routes the whole manifest is one small cached asset,
        // while lazy discovery re-matches the routes for every page render to inline a
        // partial manifest, and has the browser fetch /__manifest for the links it sees.
        v3_lazyRouteDiscovery: false,
        v3_routeConfig: true,
      },
    }),
  ],
});
