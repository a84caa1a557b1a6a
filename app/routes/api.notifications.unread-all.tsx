import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { changeNotifications } from "~/modules/api/notifications.server";
import { markAllNotificationsUnread } from "~/modules/api/operations/notifications";

const route = apiRoute(
  implement(markAllNotificationsUnread, async ({ user }) =>
    reply(200, await changeNotifications(user.id, "all", "unread")),
  ),
);
export const loader = route.loader;
export const action = route.action;
