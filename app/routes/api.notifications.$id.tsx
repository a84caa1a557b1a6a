import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { changeNotifications } from "~/modules/api/notifications.server";
import { deleteNotification } from "~/modules/api/operations/notifications";

const route = apiRoute(
  implement(deleteNotification, async ({ params, user }) =>
    reply(200, await changeNotifications(user.id, params.id, "delete")),
  ),
);
export const loader = route.loader;
export const action = route.action;
