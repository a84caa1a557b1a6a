import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { SupplierForm } from "~/components/backoffice/supplier-form";
import { requireAdmin } from "~/modules/access/staff.server";
import { useTranslation } from "~/modules/i18n/react";
import { readSupplierSubmission } from "~/modules/suppliers/supplier-submission.server";
import { createSupplier } from "~/modules/suppliers/suppliers.server";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return { title: `${context.t("adminSuppliers:new.title")} · Rueda` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireAdmin(request, context);
  const submission = await readSupplierSubmission(request);
  if (!submission.ok)
    return json<{ result: SubmissionResult<string[]> }>({ result: submission.result }, { status: 400 });
  const { id } = await createSupplier(user, submission.values, submission.logo);
  // Straight to its page, where its staff are invited.
  return redirect(`/admin/suppliers/${id}`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "admin:common.changesSaved" }) },
  });
}

export default function NewSupplierPage() {
  const { t } = useTranslation("adminSuppliers");
  const actionData = useActionData<typeof action>();
  return (
    <section className="page stack">
      <p>
        <Link to="/admin/suppliers">{t("edit.back")}</Link>
      </p>
      <h1>{t("new.title")}</h1>
      <SupplierForm
        lastResult={actionData?.result}
        defaultValue={{ payLater: true, collectsIgtf: false, active: true }}
        submitLabel={t("form.create")}
      />
    </section>
  );
}
