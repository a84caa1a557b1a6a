import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiErrorResponse } from "~/modules/api/handler.server";

/** Any other path under /api: the API's JSON 404, not the site's HTML page. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return apiErrorResponse(request, context, 404);
}
export const action = (args: LoaderFunctionArgs) => loader(args);
