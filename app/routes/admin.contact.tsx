import { rowIdField } from "~/modules/forms/fields";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Pagination } from "~/components/catalogue/pagination";
import { requireAdmin } from "~/modules/access/staff.server";
import { inboxFilters, inboxHref, readInboxQuery, type InboxFilter } from "~/modules/contact/inbox";
import { listContactMessages, setHandled } from "~/modules/contact/inbox.server";
import { useTranslation } from "~/modules/i18n/react";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const query = readInboxQuery(new URL(request.url).searchParams);
  const list = await listContactMessages(query, context.language);
  return { title: `${context.t("adminContact:title")} · Rueda`, query: { ...query, page: list.page }, ...list };
}

const actionSchema = z.object({
  intent: z.enum(["handle", "unhandle"]),
  messageId: rowIdField(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response(null, { status: 400 });
  const { intent, messageId } = parsed.data;
  const outcome = await setHandled(admin, messageId, intent === "handle");
  if (outcome === "notFound") throw new Response(null, { status: 404 });
  // Back to the list the admin was reading, with its filter and page.
  const back = inboxHref(readInboxQuery(new URL(request.url).searchParams));
  const message = intent === "handle" ? "adminContact:markedHandled" : "adminContact:markedUnhandled";
  return redirect(back, { headers: { "Set-Cookie": await toastHeader({ type: "success", message }) } });
}

export default function ContactInboxPage() {
  const { t } = useTranslation("adminContact");
  const { query, items, page, pages, unhandled } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const tabs: Array<{ filter: InboxFilter | null; label: string }> = [
    { filter: null, label: t("filters.all") },
    ...inboxFilters.map((filter) => ({
      filter,
      label: filter === "unhandled" ? t("filters.unhandled", { count: unhandled }) : t("filters.handled"),
    })),
  ];
  return (
    <section className="page stack">
      <h1>{t("title")}</h1>
      <nav aria-label={t("filters.label")}>
        <ul className="admin-contact__filters">
          {tabs.map((tab) => (
            <li key={tab.filter ?? "all"}>
              <Link
                to={inboxHref({ filter: tab.filter, page: 1 })}
                aria-current={tab.filter === query.filter ? "page" : undefined}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="empty-state">{query.filter ? t(`empty.${query.filter}`) : t("empty.all")}</p>
      ) : (
        <ol className="admin-contact__list">
          {items.map((item) => (
            <li key={item.id}>
              <article
                className={`card stack admin-contact__message${item.handledAt ? "" : " admin-contact__message--open"}`}
                aria-labelledby={`message-${item.id}`}
              >
                <h2 id={`message-${item.id}`}>{item.subject}</h2>
                <p className="muted">
                  {t("from", { email: item.email, date: item.receivedAt })}
                  {item.senderId ? (
                    <>
                      {" · "}
                      <Link to={`/admin/users/${item.senderId}`}>{item.sender}</Link>
                    </>
                  ) : null}
                </p>
                <p className="admin-contact__body">{item.message}</p>
                <p>
                  {item.handledAt
                    ? t("handledBy", { name: item.handledBy ?? t("someone"), date: item.handledAt })
                    : t("notHandled")}
                </p>
                <Form method="post" action={inboxHref(query)}>
                  <input type="hidden" name="messageId" value={item.id} />
                  {item.handledAt ? (
                    <button
                      type="submit"
                      name="intent"
                      value="unhandle"
                      className="button button--secondary"
                      disabled={busy}
                      aria-describedby={`message-${item.id}`}
                    >
                      {t("markUnhandled")}
                    </button>
                  ) : (
                    <button
                      type="submit"
                      name="intent"
                      value="handle"
                      className="button"
                      disabled={busy}
                      aria-describedby={`message-${item.id}`}
                    >
                      {t("markHandled")}
                    </button>
                  )}
                </Form>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pages={pages} hrefFor={(p) => inboxHref(query, p)} />
    </section>
  );
}
