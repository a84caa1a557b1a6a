import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { changeNotifications } from "~/modules/api/notifications.server";
import { markAllNotificationsRead } from "~/modules/api/operations/notifications";

const route = apiRoute(
  implement(markAllNotificationsRead, async ({ user }) =>
    reply(200, await changeNotifications(user.id, "all", "read")),
  ),
);
export const loader = route.loader;
export const action = route.action;
