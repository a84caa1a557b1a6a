import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { changeNotifications } from "~/modules/api/notifications.server";
import { markNotificationUnread } from "~/modules/api/operations/notifications";

const route = apiRoute(
  implement(markNotificationUnread, async ({ params, user }) =>
    reply(200, await changeNotifications(user.id, params.id, "unread")),
  ),
);
export const loader = route.loader;
export const action = route.action;
