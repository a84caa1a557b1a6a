import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { updateUser } from "~/modules/api/operations/account";
import { requireOwnBodyId } from "~/modules/api/own-account";
import { apiUser } from "~/modules/api/user.server";
import { updateProfile } from "~/modules/user/account.server";

const route = apiRoute(
  implement(updateUser, async ({ body, user }) => {
    const { id, ...profile } = body;
    requireOwnBodyId(user, id);
    await updateProfile(user.id, profile);
    return reply(200, { user: await apiUser(user.id) });
  }),
);
export const loader = route.loader;
export const action = route.action;
