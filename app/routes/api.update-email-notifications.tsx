import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { updateEmailNotifications } from "~/modules/api/operations/account-profile";
import { requireOwnBodyId } from "~/modules/api/own-account";
import { apiUser } from "~/modules/api/user.server";
import { updateEmailNotifications as saveEmailNotifications } from "~/modules/user/profile.server";

const route = apiRoute(
  implement(updateEmailNotifications, async ({ body, user }) => {
    requireOwnBodyId(user, body.id, body._id);
    await saveEmailNotifications(user.id, body.enableEmailNotifications);
    return reply(200, { user: await apiUser(user.id) });
  }),
);
export const loader = route.loader;
export const action = route.action;
