import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { changeNotifications, presentNotification } from "~/modules/api/notifications.server";
import { deleteAllNotifications, listNotifications } from "~/modules/api/operations/notifications";
import { LIST_PAGE_SIZE } from "~/modules/list/paging";
import { listNotifications as list } from "~/modules/notification/notifications.server";

const route = apiRoute(
  implement(listNotifications, async ({ query, user, language, t }) => {
    const pageSize = query.pageSize ?? LIST_PAGE_SIZE;
    const { items, total, page, pages } = await list(user.id, query.page ?? null, language, pageSize);
    return reply(200, {
      notifications: items.map((item) => presentNotification(t, item)),
      total,
      unread: user.unreadNotifications,
      page,
      pages,
      pageSize,
    });
  }),
  implement(deleteAllNotifications, async ({ user }) =>
    reply(200, await changeNotifications(user.id, "all", "delete")),
  ),
);
export const loader = route.loader;
export const action = route.action;
