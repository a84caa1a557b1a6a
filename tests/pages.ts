import type { ServerBuild } from "@remix-run/node";
import { createUserSession } from "~/utils/session.server";
import { apiBuild, routesFromRoot } from "./api/client";
import { serveBuild } from "./http-server";

/*
 * The pages over HTTP in-process: the server's Express-to-Remix handler (the body caps and the
 * form guard of docs/security.md#request-bodies run in it) over the app's page routes, with the
 * load context the server builds (session cookie). Pages are asked for their data (`?_data=<route
 * id>`, what a browser with JavaScript asks), so nothing renders: a loader's or an action's answer
 * is what the test reads. A thrown error is a 500, as the server's last handler makes it.
 */
const routeModules = import.meta.glob<Record<string, unknown>>(["../app/routes/*.tsx", "!../app/routes/api.*.tsx"], {
  eager: true,
});

function pagesBuild(): ServerBuild {
  const build = apiBuild();
  return {
    ...build,
    routes: { root: build.routes.root, ...routesFromRoot((file) => routeModules[`../app/${file}`]) },
  };
}

/** The route id a page's data request names (`routes/contact` for /contact). */
export const dataOf = (routeFile: string) => `_data=${encodeURIComponent(`routes/${routeFile}`)}`;

/** Starts the pages on a free local port; `close` stops them. */
export const servePages = () => serveBuild(pagesBuild(), { ip: "198.51.100.92" });

/** The `Cookie` header of a browser signed in as `userId` (a new, remembered session). */
export const sessionCookieFor = async (userId: number) => (await createUserSession(userId, true)).split(";")[0];
