import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { deleteAvatar } from "~/modules/api/operations/account-profile";
import { requireOwnPathId } from "~/modules/api/own-account";
import { apiUser } from "~/modules/api/user.server";
import { replaceAvatar } from "~/modules/user/profile.server";

const route = apiRoute(
  implement(deleteAvatar, async ({ params, user }) => {
    requireOwnPathId(user, params.id);
    await replaceAvatar(user.id, null);
    return reply(200, { user: await apiUser(user.id) });
  }),
);
export const loader = route.loader;
export const action = route.action;
