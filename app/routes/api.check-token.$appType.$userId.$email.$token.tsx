import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { checkToken } from "~/modules/api/operations/account-links";
import { inspectAccountLink } from "~/modules/user/account-links.server";

const route = apiRoute(
  implement(checkToken, async ({ params }) => {
    const link = await inspectAccountLink({ userId: params.userId, email: params.email, token: params.token });
    if (link.status === "unknown") throw new ApiError(404);
    // The reference client reads 200 as "usable" and 204 as "expired: offer a new one" (docs/architecture.md#api).
    if (link.status !== "valid") return reply(204, null);
    return reply(200, { status: link.status, kind: link.kind });
  }),
);
export const loader = route.loader;
export const action = route.action;
