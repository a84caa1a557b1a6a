import { rowIdField } from "~/modules/forms/fields";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { z } from "zod";
import { Pagination } from "~/components/catalogue/pagination";
import { useTranslation } from "~/modules/i18n/react";
import { notificationMessage } from "~/modules/notification/message";
import {
  deleteNotifications,
  listNotifications,
  markNotifications,
  type NotificationItem,
} from "~/modules/notification/notifications.server";
import { requireUser } from "~/modules/user/auth.server";
import { ErrorPage } from "~/root";
import { toastHeader } from "~/utils/toast.server";
import { stylesheets } from "~/components/stylesheets";
import notificationsStyles from "~/styles/notifications.css?url";

export const links = stylesheets(notificationsStyles);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const url = new URL(request.url);
  const list = await listNotifications(user.id, url.searchParams.get("page"), context.language);
  // A confirmation step that works without JavaScript: a page state, not a dialog.
  const confirm = url.searchParams.get("confirm");
  return {
    title: `${context.t("notifications:page.title")} · Rueda`,
    ...list,
    confirm:
      confirm === "delete-all" && list.total > 0
        ? ("all" as const)
        : (list.items.find((n) => String(n.id) === confirm)?.id ?? null),
  };
}

const target = z.union([z.literal("all"), rowIdField()]);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["read", "unread", "delete"]), id: target }),
  z.object({ intent: z.enum(["read-all", "unread-all", "delete-all"]) }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const user = requireUser(request, context);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response(null, { status: 400 });
  const input = parsed.data;
  let message = "notifications:page.updated";
  switch (input.intent) {
    case "read":
    case "unread":
      await markNotifications(user.id, input.id, input.intent === "read");
      break;
    case "read-all":
    case "unread-all":
      await markNotifications(user.id, "all", input.intent === "read-all");
      break;
    case "delete":
      await deleteNotifications(user.id, input.id);
      message = "notifications:page.deleted";
      break;
    case "delete-all":
      await deleteNotifications(user.id, "all");
      message = "notifications:page.deletedAll";
      break;
  }
  // Back to the page the reader was on, without the confirmation step.
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const to = Number.isInteger(page) && page > 1 ? `/notifications?page=${page}` : "/notifications";
  return redirect(to, { headers: { "Set-Cookie": await toastHeader({ type: "success", message }) } });
}

export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const { items, page, pages, confirm } = useLoaderData<typeof loader>();
  const hrefFor = (p: number) => (p > 1 ? `/notifications?page=${p}` : "/notifications");
  const pageQuery = page > 1 ? `?page=${page}` : "";
  return (
    <section className="page narrow notifications">
      <h1>{t("page.title")}</h1>
      {items.length === 0 ? (
        <p className="muted notifications__empty">{t("page.empty")}</p>
      ) : (
        <>
          {confirm === "all" ? (
            <ConfirmDelete
              action={`/notifications${pageQuery}`}
              intent="delete-all"
              question={t("page.confirmDeleteAll")}
              cancelHref={hrefFor(page)}
            />
          ) : (
            <Form method="post" action={`/notifications${pageQuery}`} className="actions notifications__bulk">
              <IntentButton intent="read-all">{t("page.markAllRead")}</IntentButton>{" "}
              <IntentButton intent="unread-all">{t("page.markAllUnread")}</IntentButton>{" "}
              <Link
                to={`/notifications?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), confirm: "delete-all" })}`}
                className="button button--secondary"
              >
                {t("page.deleteAll")}
              </Link>
            </Form>
          )}
          <ul className="notifications__list" aria-label={t("page.list")}>
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} page={page} confirming={confirm === item.id} />
            ))}
          </ul>
          <Pagination page={page} pages={pages} hrefFor={hrefFor} />
        </>
      )}
    </section>
  );
}

/** The message in the reader's language (notification/message.ts). */
function useMessage(item: NotificationItem) {
  const { t } = useTranslation();
  return notificationMessage(t, item);
}

function NotificationRow({ item, page, confirming }: { item: NotificationItem; page: number; confirming: boolean }) {
  const { t } = useTranslation("notifications");
  const message = useMessage(item);
  const pageQuery = page > 1 ? `?page=${page}` : "";
  const confirmHref = `/notifications?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), confirm: String(item.id) })}#notification-${item.id}`;
  return (
    <li id={`notification-${item.id}`} className={`card notification${item.isRead ? "" : " notification--unread"}`}>
      <p className="notification__message">
        <span className="badge">{item.isRead ? t("page.read") : t("page.unread")}</span> {message}
      </p>
      <p className="muted notification__meta">
        <time dateTime={item.createdAt}>{item.date}</time>
        {item.bookingId !== null ? (
          <>
            {" · "}
            <Link to={`/booking?b=${item.bookingId}`}>{t("page.viewBooking")}</Link>
          </>
        ) : null}
      </p>
      {confirming ? (
        <ConfirmDelete
          action={`/notifications${pageQuery}`}
          intent="delete"
          id={item.id}
          question={t("page.confirmDelete")}
          cancelHref={`/notifications${pageQuery}#notification-${item.id}`}
        />
      ) : (
        <Form method="post" action={`/notifications${pageQuery}`} className="actions">
          <input type="hidden" name="id" value={item.id} />
          {item.isRead ? (
            <IntentButton intent="unread" id={item.id}>
              {t("page.markUnread")}
            </IntentButton>
          ) : (
            <IntentButton intent="read" id={item.id}>
              {t("page.markRead")}
            </IntentButton>
          )}{" "}
          <Link to={confirmHref} className="button button--secondary button--small" preventScrollReset>
            {t("page.delete")}
          </Link>
        </Form>
      )}
    </li>
  );
}

/** A submit button posting its `intent`, disabled while its own form is being sent. */
function IntentButton({ intent, id, children }: { intent: string; id?: number; children: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData.get("id") === String(id));
  return (
    <button type="submit" name="intent" value={intent} className="button button--small" disabled={pending}>
      {children}
    </button>
  );
}

function ConfirmDelete({
  action,
  intent,
  id,
  question,
  cancelHref,
}: {
  action: string;
  intent: string;
  id?: number;
  question: string;
  cancelHref: string;
}) {
  const { t } = useTranslation("notifications");
  return (
    <Form method="post" action={action} className="notice notice--warning stack">
      <p role="alert">{question}</p>
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      <p className="actions">
        <button type="submit" name="intent" value={intent} className="button button--danger">
          {t("page.confirmYes")}
        </button>{" "}
        <Link to={cancelHref} className="button button--secondary" preventScrollReset>
          {t("page.cancel")}
        </Link>
      </p>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
