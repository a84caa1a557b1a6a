import type { MetaFunction } from "@remix-run/node";
import { ErrorPage } from "~/root";

export const meta: MetaFunction = () => [{ title: "404 · Rueda" }, { name: "robots", content: "noindex" }];

/** Every unknown URL: a real 404 status with the spec's "Nothing to see here!". */
export function loader() {
  throw new Response(null, { status: 404 });
}

export function action() {
  throw new Response(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage error={{ status: 404, statusText: "Not Found", internal: false, data: null }} />;
}
