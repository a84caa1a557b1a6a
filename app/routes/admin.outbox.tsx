import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Pagination } from "~/components/catalogue/pagination";
import { requireAdmin } from "~/modules/access/staff.server";
import { failedJobsPage, resendFailedJobs } from "~/modules/backoffice/outbox.server";
import { useTranslation } from "~/modules/i18n/react";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const page = Number(new URL(request.url).searchParams.get("page"));
  const outbox = await failedJobsPage(Number.isSafeInteger(page) ? page : 1);
  return { title: `${context.t("adminOutbox:title")} · Rueda`, ...outbox, zone: APP_TIME_ZONE };
}

const resendSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resend"), id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  z.object({ intent: z.literal("resend-all") }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireAdmin(request, context);
  const parsed = resendSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response(null, { status: 400 });
  const count = await resendFailedJobs(user, parsed.data.intent === "resend" ? [parsed.data.id] : "all-failed");
  const toast =
    count > 0
      ? { type: "success" as const, message: "adminOutbox:resent", values: { count } }
      : { type: "info" as const, message: "adminOutbox:nothingToResend" };
  return redirect("/admin/outbox", { headers: { "Set-Cookie": await toastHeader(toast) } });
}

export default function OutboxPage() {
  const { t } = useTranslation("adminOutbox");
  const { jobs, failed, waiting, overdue, page, pages, zone } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="page stack">
      <h1>{t("title")}</h1>
      <p className="muted">{t("help")}</p>
      <dl className="outbox-counts">
        <div>
          <dt>{t("waiting")}</dt>
          <dd data-testid="outbox-waiting">{waiting}</dd>
        </div>
        <div>
          <dt>{t("overdue")}</dt>
          <dd data-testid="outbox-overdue">{overdue}</dd>
        </div>
        <div>
          <dt>{t("failed")}</dt>
          <dd data-testid="outbox-failed">{failed}</dd>
        </div>
      </dl>
      {overdue > 0 ? (
        <p role="alert" className="notice notice--warning">
          {t("overdueHelp", { count: overdue })}
        </p>
      ) : null}
      {jobs.length === 0 ? (
        <p className="empty-state">{t("empty")}</p>
      ) : (
        <>
          <Form method="post">
            <button type="submit" name="intent" value="resend-all" disabled={busy}>
              {t("resendAll", { count: failed })}
            </button>
          </Form>
          <table className="bookings-table outbox-table">
            <thead>
              <tr>
                <th scope="col">{t("columns.job")}</th>
                <th scope="col">{t("columns.email")}</th>
                <th scope="col">{t("columns.attempts")}</th>
                <th scope="col">{t("columns.error")}</th>
                <th scope="col">{t("columns.times", { zone })}</th>
                <th scope="col">{t("columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id}>
                  <td data-label={t("columns.job")}>
                    <code className="outbox-job-id">{job.jobId}</code>
                    <div className="muted">{job.jobName}</div>
                  </td>
                  <td data-label={t("columns.email")}>
                    {job.template ? (
                      <>
                        {job.recipients.join(", ")}
                        <div className="muted">{t("template", { template: job.template })}</div>
                      </>
                    ) : (
                      <span className="muted">{t("notEmail")}</span>
                    )}
                  </td>
                  <td data-label={t("columns.attempts")}>{job.attempts}</td>
                  <td data-label={t("columns.error")} className="outbox-error">
                    {job.lastError || <span className="muted">{t("noError")}</span>}
                  </td>
                  <td data-label={t("columns.times", { zone })}>
                    {t("createdAt", { at: job.createdAt })}
                    <div>{t("failedAt", { at: job.failedAt })}</div>
                  </td>
                  <td data-label={t("columns.actions")}>
                    <Form method="post">
                      <input type="hidden" name="id" value={job.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="resend"
                        disabled={busy}
                        aria-label={t("resendOne", { job: job.jobId })}
                      >
                        {t("resend")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={page}
            pages={pages}
            hrefFor={(p) => (p > 1 ? `/admin/outbox?page=${p}` : "/admin/outbox")}
          />
        </>
      )}
    </section>
  );
}
