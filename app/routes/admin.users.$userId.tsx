import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Pagination } from "~/components/catalogue/pagination";
import { AccountTypeFields } from "~/components/backoffice/account-type-fields";
import { FormErrors } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { requireAdmin } from "~/modules/access/staff.server";
import { recordErrorBoundary } from "~/components/backoffice/record-error-boundary";
import { useTranslation } from "~/modules/i18n/react";
import { adminUserMessages, assignableTypes, changeTypeSchema } from "~/modules/user/admin-users";
import {
  changeUserType,
  deleteUser,
  loadUser,
  setSuspended,
  supplierChoices,
  userBookings,
} from "~/modules/user/admin-users.server";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";
import { idOrNotFound } from "~/modules/http/not-found";

export const meta = privatePageMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = requireAdmin(request, context);
  const userId = idOrNotFound(params.userId);
  const user = await loadUser(userId, context.language);
  if (!user) throw new Response(null, { status: 404 });
  const page = Number(new URL(request.url).searchParams.get("page"));
  const [bookings, suppliers] = await Promise.all([
    userBookings(userId, Number.isSafeInteger(page) && page > 0 ? page : 1, context.language),
    supplierChoices(),
  ]);
  return {
    title: `${user.fullName} · ${context.t("adminUsers:list.title")} · Rueda`,
    user,
    bookings,
    suppliers,
    isSelf: admin.id === userId,
  };
}

type Outcome =
  { intent: "changeType"; result: SubmissionResult<string[]> } | { intent: "status" | "delete"; error: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const userId = idOrNotFound(params.userId);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const saved = async (message = "admin:common.changesSaved", to = `/admin/users/${userId}`) =>
    redirect(to, { headers: { "Set-Cookie": await toastHeader({ type: "success", message }) } });

  if (intent === "changeType") {
    const submission = parseForm(formData, { schema: changeTypeSchema });
    if (submission.status !== "success") return json<Outcome>({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await changeUserType(admin, userId, submission.value);
    if (outcome === "notFound") throw new Response(null, { status: 404 });
    if (outcome === "unknownSupplier")
      return json<Outcome>(
        { intent, result: submission.reply({ fieldErrors: { supplierId: [adminUserMessages.supplierInvalid] } }) },
        { status: 400 },
      );
    if (outcome === "selfDemote")
      return json<Outcome>(
        { intent, result: submission.reply({ formErrors: [adminUserMessages.selfDemote] }) },
        { status: 400 },
      );
    if (outcome === "lastAdmin")
      return json<Outcome>(
        { intent, result: submission.reply({ formErrors: [adminUserMessages.lastAdmin] }) },
        { status: 409 },
      );
    return saved();
  }
  if (intent === "suspend" || intent === "reinstate") {
    const outcome = await setSuspended(admin, userId, intent === "suspend");
    if (outcome === "notFound") throw new Response(null, { status: 404 });
    if (outcome === "selfSuspend")
      return json<Outcome>({ intent: "status", error: adminUserMessages.selfSuspend }, { status: 400 });
    if (outcome === "lastAdmin")
      return json<Outcome>({ intent: "status", error: adminUserMessages.lastAdmin }, { status: 409 });
    return saved(intent === "suspend" ? "adminUsers:view.suspended" : "adminUsers:view.reinstated");
  }
  if (intent === "delete") {
    const outcome = await deleteUser(admin, userId);
    if (outcome === "notFound") throw new Response(null, { status: 404 });
    if (outcome === "selfDelete")
      return json<Outcome>({ intent, error: adminUserMessages.selfDelete }, { status: 400 });
    if (outcome === "lastAdmin") return json<Outcome>({ intent, error: adminUserMessages.lastAdmin }, { status: 409 });
    return saved("adminUsers:view.deleted", "/admin/users");
  }
  throw new Response(null, { status: 400 });
}

export default function UserPage() {
  const { t } = useTranslation("adminUsers");
  const { user, bookings, isSelf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = (intent: "status" | "delete") =>
    actionData && actionData.intent === intent && "error" in actionData ? actionData.error : null;
  const statusError = error("status");
  const deleteError = error("delete");
  return (
    <section className="page stack">
      <p>
        <Link to="/admin/users">{t("view.back")}</Link>
      </p>
      <h1>{user.fullName}</h1>
      {isSelf ? <p className="notice">{t("view.self")}</p> : null}
      <dl className="details card">
        <dt>{t("fields.email")}</dt>
        <dd>{user.email}</dd>
        <dt>{t("fields.phone")}</dt>
        <dd>{user.phone ?? "—"}</dd>
        <dt>{t("fields.type")}</dt>
        <dd>
          {t(`types.${user.type}`)}
          {user.supplier ? ` · ${user.supplier}` : null}
        </dd>
        <dt>{t("fields.status")}</dt>
        <dd>{t(`status.${user.suspended ? "suspended" : user.activated ? "active" : "notActivated"}`)}</dd>
        <dt>{t("fields.createdAt")}</dt>
        <dd>{user.createdAt}</dd>
      </dl>

      <ChangeTypeForm key={`${user.type}-${user.supplierId}`} />

      <div className="card stack">
        <h2>{t("view.statusTitle")}</h2>
        <p className="muted">{user.suspended ? t("view.suspendedHelp") : t("view.suspendHelp")}</p>
        {statusError ? (
          <p className="form-errors" role="alert">
            {t(statusError)}
          </p>
        ) : null}
        <Form method="post">
          {user.suspended ? (
            <button type="submit" name="intent" value="reinstate" className="button" disabled={busy}>
              {t("view.reinstate")}
            </button>
          ) : (
            <button type="submit" name="intent" value="suspend" className="button button--danger" disabled={busy}>
              {t("view.suspend")}
            </button>
          )}
        </Form>
      </div>

      <div className="card stack">
        <h2>{t("view.deleteTitle")}</h2>
        {deleteError ? (
          <p className="form-errors" role="alert">
            {t(deleteError)}
          </p>
        ) : null}
        {/* The confirmation works without JavaScript: the real button is inside a disclosure. */}
        <details className="admin-users__confirm">
          <summary className="button button--secondary">{t("view.delete")}</summary>
          <p>{t("view.deleteQuestion", { name: user.fullName })}</p>
          <Form method="post">
            <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busy}>
              {t("admin:common.confirmDelete")}
            </button>
          </Form>
        </details>
      </div>

      <h2>{t("view.bookingsTitle")}</h2>
      {bookings.items.length === 0 ? (
        <p className="empty-state">{t("view.noBookings")}</p>
      ) : (
        <table className="bookings-table">
          <thead>
            <tr>
              <th scope="col">{t("bookings.reference")}</th>
              <th scope="col">{t("bookings.car")}</th>
              <th scope="col">{t("bookings.from")}</th>
              <th scope="col">{t("bookings.to")}</th>
              <th scope="col">{t("bookings.status")}</th>
              <th scope="col">{t("bookings.price")}</th>
            </tr>
          </thead>
          <tbody>
            {bookings.items.map((booking) => (
              <tr key={booking.id}>
                <td data-label={t("bookings.reference")}>
                  <Link to={`/booking?b=${booking.id}`}>{booking.reference}</Link>
                </td>
                <td data-label={t("bookings.car")}>{booking.car}</td>
                <td data-label={t("bookings.from")}>{booking.startsAt}</td>
                <td data-label={t("bookings.to")}>{booking.endsAt}</td>
                <td data-label={t("bookings.status")}>{t(`common:bookingStatus.${booking.status}`)}</td>
                <td data-label={t("bookings.price")}>{booking.price}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        page={bookings.page}
        pages={bookings.pages}
        hrefFor={(p) => (p > 1 ? `/admin/users/${user.id}?page=${p}` : `/admin/users/${user.id}`)}
      />
    </section>
  );
}

/** Type and supplier; "Please fill in the field: Type" without a type (spec §5). */
function ChangeTypeForm() {
  const { t } = useTranslation("adminUsers");
  const { user, suppliers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const lastResult = actionData?.intent === "changeType" && "result" in actionData ? actionData.result : undefined;
  const current = (assignableTypes as readonly string[]).includes(user.type) ? user.type : "";
  const [form, fields] = useZodForm(changeTypeSchema, lastResult, {
    id: "change-type",
    defaultValue: {
      type: current as (typeof assignableTypes)[number],
      supplierId: user.supplierId === null ? undefined : String(user.supplierId),
    },
  });
  const labels = { type: t("fields.type"), supplierId: t("fields.supplier") };
  return (
    <Form method="post" {...getFormProps(form)} className="card stack">
      <h2>{t("view.typeTitle")}</h2>
      <FormErrors form={form} labels={labels} />
      <AccountTypeFields
        type={fields.type}
        supplierId={fields.supplierId}
        types={assignableTypes}
        suppliers={suppliers}
      />
      <div>
        <button
          type="submit"
          name="intent"
          value="changeType"
          className="button"
          disabled={navigation.state === "submitting"}
        >
          {t("view.changeType")}
        </button>
      </div>
    </Form>
  );
}

export const ErrorBoundary = recordErrorBoundary({
  ns: "adminUsers",
  notFoundTitle: "view.notFound",
  notFoundBody: "view.notFoundHelp",
  backHref: "/admin/users",
  backLabel: "view.back",
});
