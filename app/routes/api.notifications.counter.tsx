import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { notificationCounter } from "~/modules/api/operations/notifications";

/** The header's counter: counted by the query that found the caller (session.server.ts), no query of its own. */
const route = apiRoute(
  implement(notificationCounter, async ({ user }) => reply(200, { unread: user.unreadNotifications })),
);
export const loader = route.loader;
export const action = route.action;
