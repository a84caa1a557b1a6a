import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { changeNotifications } from "~/modules/api/notifications.server";
import { markNotificationRead } from "~/modules/api/operations/notifications";

const route = apiRoute(
  implement(markNotificationRead, async ({ params, user }) =>
    reply(200, await changeNotifications(user.id, params.id, "read")),
  ),
);
export const loader = route.loader;
export const action = route.action;
