import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { checkToken } from "~/modules/api/operations/account";
import { inspectAccountLink } from "~/modules/user/account.server";

const route = apiRoute(
  implement(checkToken, async ({ params }) => {
    const link = await inspectAccountLink({ userId: params.userId, email: params.email, token: params.token });
    if (link.status === "unknown") throw new ApiError(404);
    return reply(200, { status: link.status, kind: link.kind });
  }),
);
export const loader = route.loader;
export const action = route.action;
