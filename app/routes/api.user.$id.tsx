import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { getUser } from "~/modules/api/operations/account-profile";
import { requireOwnPathId } from "~/modules/api/own-account";
import { apiUser } from "~/modules/api/user.server";

const route = apiRoute(
  implement(getUser, async ({ params, user }) => {
    requireOwnPathId(user, params.id);
    const account = await apiUser(user.id);
    return reply(200, { ...account, user: account });
  }),
);
export const loader = route.loader;
export const action = route.action;
