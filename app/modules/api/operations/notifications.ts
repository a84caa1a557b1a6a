import { z } from "zod";
import { LIST_PAGE_SIZE } from "~/modules/list/paging";
import { defineOperation } from "../operation";
import { idParams, pageQuery, pageSizeQuery } from "./shared";

/*
 * The caller's notifications (docs/architecture.md#resources), through the module /notifications
 * uses: every read and write filters by the caller, so another user's notification id is a 404.
 */

const tag = "Notifications";

export const notificationSchema = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int().nullable(),
    message: z.string().meta({ description: "The text, in the caller's language." }),
    messageKey: z.string().meta({ description: "The i18n key of the text, for clients that word it themselves." }),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    isRead: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Notification" });

export const listNotifications = defineOperation({
  id: "listNotifications",
  method: "GET",
  path: "/api/notifications",
  tag,
  summary: "The caller's notifications",
  description:
    "Newest first, `pageSize` a page, with the unread count (the header's counter). A page past the last gives the last page.",
  auth: "user",
  query: z.object({ page: pageQuery, pageSize: pageSizeQuery(LIST_PAGE_SIZE) }),
  responses: {
    200: {
      description: "One page.",
      schema: z.object({
        notifications: z.array(notificationSchema),
        total: z.number().int(),
        unread: z.number().int(),
        page: z.number().int(),
        pages: z.number().int(),
        pageSize: z.number().int(),
      }),
    },
  },
  errors: [],
});

const counterSchema = z.object({ unread: z.number().int() });

export const notificationCounter = defineOperation({
  id: "notificationCounter",
  method: "GET",
  path: "/api/notifications/counter",
  tag,
  summary: "How many notifications are unread",
  description: "The number the header's bell shows; cheap enough to poll.",
  auth: "user",
  responses: { 200: { description: "The counter.", schema: counterSchema } },
  errors: [],
});

const changedSchema = z.object({
  changed: z.number().int().meta({ description: "How many notifications it applied to." }),
  unread: z.number().int(),
});

export const markNotificationRead = defineOperation({
  id: "markNotificationRead",
  method: "POST",
  path: "/api/notifications/{id}/read",
  tag,
  summary: "Mark one notification read",
  description: "Another user's notification, or one that does not exist → 404. Answers the new unread count.",
  auth: "user",
  params: idParams,
  responses: { 200: { description: "Marked; the new counter.", schema: changedSchema } },
  errors: [404],
  example: { params: { id: "1" } },
});

export const markNotificationUnread = defineOperation({
  id: "markNotificationUnread",
  method: "POST",
  path: "/api/notifications/{id}/unread",
  tag,
  summary: "Mark one notification unread",
  description: "Another user's notification, or one that does not exist → 404. Answers the new unread count.",
  auth: "user",
  params: idParams,
  responses: { 200: { description: "Marked; the new counter.", schema: changedSchema } },
  errors: [404],
  example: { params: { id: "1" } },
});

export const deleteNotification = defineOperation({
  id: "deleteNotification",
  method: "DELETE",
  path: "/api/notifications/{id}",
  tag,
  summary: "Delete one notification",
  description: "Another user's notification, or one that does not exist → 404. Answers the new unread count.",
  auth: "user",
  params: idParams,
  responses: { 200: { description: "Deleted; the new counter.", schema: changedSchema } },
  errors: [404],
  example: { params: { id: "1" } },
});

export const markAllNotificationsRead = defineOperation({
  id: "markAllNotificationsRead",
  method: "POST",
  path: "/api/notifications/read-all",
  tag,
  summary: "Mark every notification read",
  description: "Every notification of the caller; `changed` says how many were unread.",
  auth: "user",
  responses: { 200: { description: "Marked.", schema: changedSchema } },
  errors: [],
});

export const markAllNotificationsUnread = defineOperation({
  id: "markAllNotificationsUnread",
  method: "POST",
  path: "/api/notifications/unread-all",
  tag,
  summary: "Mark every notification unread",
  description: "Every notification of the caller; `changed` says how many were read.",
  auth: "user",
  responses: { 200: { description: "Marked.", schema: changedSchema } },
  errors: [],
});

export const deleteAllNotifications = defineOperation({
  id: "deleteAllNotifications",
  method: "DELETE",
  path: "/api/notifications",
  tag,
  summary: "Delete every notification",
  description: "The page asks for a confirmation first; an app should too.",
  auth: "user",
  responses: { 200: { description: "Deleted.", schema: changedSchema } },
  errors: [],
});
