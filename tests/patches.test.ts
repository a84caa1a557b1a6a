import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

/*
 * The four framework patches (docs/decisions/0007-patched-route-matching.md,
 * 0009-lazy-route-discovery-and-routes-built-once.md) hold by what they do, not by their text: each
 * test calls the patched function as the server does and observes the work it saves, so a patch
 * that silently stops applying (an upgrade, patch-package skipped) fails `npm test`, not only the
 * bench. The packages are loaded the way Node loads them for the server build (their CommonJS
 * `main`, the files the patches change), not through Vite's resolver, which would pick the
 * unpatched ES module builds.
 */
const root = path.resolve(import.meta.dirname, "..");
const load = createRequire(path.join(root, "package.json"));

type Route = import("@remix-run/router").AgnosticRouteObject;
/** What these tests use of react-router-dom/server (a dependency of @remix-run/react, not of the app). */
type StaticServer = {
  createStaticHandler: (routes: Route[]) => { query: (request: Request) => Promise<StaticContext | Response> };
  createStaticRouter: (
    routes: Route[],
    context: StaticContext,
  ) => { routes: unknown; state: { matches: Array<{ route: unknown }> } };
};
type StaticContext = import("@remix-run/router").StaticHandlerContext;

/** A route tree whose `path` reads are counted: flattening and ranking a list reads every path. */
function countedRoutes() {
  const reads = { path: 0 };
  const route = (id: string, routePath: string, children?: Route[]): Route => {
    const r = { id, children } as Route;
    Object.defineProperty(r, "path", {
      enumerable: true,
      get: () => {
        reads.path++;
        return routePath;
      },
    });
    return r;
  };
  const routes = [
    route("root", "/", [
      route("cars", "cars/:id"),
      route("booking", "booking"),
      route("admin", "admin", [route("admin-places", "places"), route("admin-place", "places/:slug")]),
    ]),
  ];
  return { routes, reads };
}

afterEach(() => {
  vi.restoreAllMocks();
});

it("has the four patches the ADRs describe, each tested below", () => {
  expect(fs.readdirSync(path.join(root, "patches")).filter((name) => name.endsWith(".patch"))).toEqual([
    "@remix-run+react+2.17.5.patch",
    "@remix-run+router+1.23.3.patch",
    "@remix-run+server-runtime+2.17.5.patch",
    "react-router-dom+6.30.4.patch",
  ]);
});

describe("@remix-run/router: route matching (ADR 0007)", () => {
  const router = load("@remix-run/router") as typeof import("@remix-run/router");

  it("flattens and ranks a route list once, not on every match", () => {
    const { routes, reads } = countedRoutes();
    expect(router.matchRoutes(routes, "/cars/7")?.at(-1)?.params).toEqual({ id: "7" });
    expect(reads.path).toBeGreaterThan(0);
    const afterFirst = reads.path;
    // Other paths, the same list: matched against the branches ranked the first time.
    expect(router.matchRoutes(routes, "/admin/places/caracas")?.at(-1)?.route.id).toBe("admin-place");
    expect(router.matchRoutes(routes, "/booking")?.at(-1)?.route.id).toBe("booking");
    expect(router.matchRoutes(routes, "/cars/7")?.at(-1)?.params).toEqual({ id: "7" });
    expect(reads.path).toBe(afterFirst);
  });

  it("compiles a route pattern once", () => {
    // A pattern ending in a bare `*` warns as it is compiled: the warnings count the compilations.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const pattern = `/files-${Math.random().toString(36).slice(2)}*`;
    for (let i = 0; i < 3; i++) router.matchPath({ path: pattern, end: false }, `${pattern.slice(0, -1)}/a`);
    expect(warn.mock.calls.filter(([message]) => String(message).includes(pattern))).toHaveLength(1);
  });

  it("hands each caller its own matches: changing one changes nothing for the next", () => {
    const { routes } = countedRoutes();
    const first = router.matchRoutes(routes, "/cars/7")!;
    (first.at(-1)!.params as Record<string, string>).id = "changed";
    first.pop();
    const second = router.matchRoutes(routes, "/cars/7")!;
    expect(second).toHaveLength(2);
    expect(second.at(-1)!.params).toEqual({ id: "7" });
  });
});

describe("@remix-run/server-runtime: loaders get the request as it came (ADR 0007)", () => {
  const { callRouteLoader } = load("@remix-run/server-runtime/dist/data.js") as {
    callRouteLoader: (args: {
      loadContext: unknown;
      loader: (args: { request: Request }) => unknown;
      params: Record<string, string>;
      request: Request;
      routeId: string;
      singleFetch: boolean;
    }) => Promise<Response>;
  };
  const requestSeenBy = async (request: Request) => {
    let seen: Request | null = null;
    await callRouteLoader({
      loadContext: {},
      loader: ({ request }) => {
        seen = request;
        return null;
      },
      params: {},
      request,
      routeId: "routes/search",
      singleFetch: false,
    });
    return seen as unknown as Request;
  };

  it("hands a request without index, _data or _routes on as it is, not rebuilt", async () => {
    for (const url of ["http://rueda.test/search", "http://rueda.test/search?place=ccs&from=2026-12-01"]) {
      const request = new Request(url);
      expect(await requestSeenBy(request)).toBe(request);
    }
  });

  it("still strips index and _data where they are", async () => {
    const seen = await requestSeenBy(new Request("http://rueda.test/search?index&_data=routes%2Fsearch&place=ccs"));
    expect(seen.url).toBe("http://rueda.test/search?place=ccs");
  });
});

describe("react-router-dom: a route list's data routes are built once (ADR 0009)", () => {
  const server = load("react-router-dom/server.js") as StaticServer;

  it("gives the same data routes to every render of one route list", async () => {
    const routes = [{ id: "root", path: "/", element: null }];
    const context = await server.createStaticHandler(routes).query(new Request("http://rueda.test/"));
    if (context instanceof Response) throw new Error("unexpected response");
    const first = server.createStaticRouter(routes, context);
    const second = server.createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
    expect(second.state.matches[0].route).toBe(first.state.matches[0].route);
  });
});

describe("@remix-run/react: the server's route tree is built once per build (ADR 0009)", () => {
  const { RemixServer } = load("@remix-run/react/dist/server.js") as {
    RemixServer: (props: { context: unknown; url: string }) => { props: { children: unknown[] } };
  };
  const server = load("react-router-dom/server.js") as StaticServer;

  /** A build's entry context for one render, as the request handler makes it (manifest and modules shared). */
  async function entryContext(build: { routes: object; modules: object }) {
    const staticHandlerContext = await server
      .createStaticHandler([{ id: "root", path: "/" }])
      .query(new Request("http://rueda.test/"));
    return {
      manifest: { routes: build.routes },
      // Made anew for each request; the modules in it are the build's.
      routeModules: { ...build.modules },
      staticHandlerContext,
      future: { v3_relativeSplatPath: true },
      isSpaMode: false,
      serverHandoffString: "",
    };
  }

  /** The router RemixServer hands to StaticRouterProvider (its element tree, not rendered). */
  function routerOf(element: unknown): { routes: unknown } {
    let found: { routes: unknown } | null = null;
    const walk = (node: unknown) => {
      if (!node || typeof node !== "object") return;
      if (Array.isArray(node)) return node.forEach(walk);
      const props = (node as { props?: { router?: { routes: unknown }; children?: unknown } }).props;
      if (props?.router) found = props.router;
      walk(props?.children);
    };
    walk(element);
    if (!found) throw new Error("no StaticRouterProvider in RemixServer's tree");
    return found;
  }

  it("renders every request of one build on the same routes", async () => {
    const build = {
      routes: { root: { id: "root", path: "", hasLoader: false, hasClientLoader: false } },
      modules: { root: { default: () => null } },
    };
    const first = routerOf(RemixServer({ context: await entryContext(build), url: "http://rueda.test/" }));
    const second = routerOf(RemixServer({ context: await entryContext(build), url: "http://rueda.test/" }));
    expect(second.routes).toBe(first.routes);
  });
});
