import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/modules/api/openapi";
import { apiOperations } from "~/modules/api/registry";
import { getEnv } from "~/utils/env.server";

let document: string | undefined;

/** The OpenAPI 3.1 document, generated once per process from the operations' zod schemas. */
export function loader(_: LoaderFunctionArgs) {
  document ??= JSON.stringify(openApiDocument(apiOperations, getEnv().APP_URL));
  return new Response(document, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
