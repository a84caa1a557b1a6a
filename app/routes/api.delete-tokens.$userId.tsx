import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { deleteTokens } from "~/modules/api/operations/account-links";
import { requireOwnPathId } from "~/modules/api/own-account";
import { discardAccountLinks } from "~/modules/user/account-links.server";

const route = apiRoute(
  implement(deleteTokens, async ({ params, user }) => {
    requireOwnPathId(user, params.userId);
    await discardAccountLinks(user.id);
    return reply(200, { ok: true });
  }),
);
export const loader = route.loader;
export const action = route.action;
