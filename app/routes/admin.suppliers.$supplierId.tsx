import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SupplierForm } from "~/components/backoffice/supplier-form";
import { SupplierStaff } from "~/components/backoffice/supplier-staff";
import { SupplierRulesForm } from "~/components/backoffice/supplier-rules";
import { requireAdmin, requireBackOffice, type StaffUser } from "~/modules/access/staff.server";
import { rowIdParam } from "~/utils/row-id";
import { SupplierErrorBoundary } from "~/components/backoffice/record-error-boundary";
import { useTranslation } from "~/modules/i18n/react";
import { staffInviteSchema, supplierRulesSchema } from "~/modules/suppliers/supplier-form";
import { readSupplierSubmission } from "~/modules/suppliers/supplier-submission.server";
import {
  inviteStaff,
  listStaff,
  loadSupplier,
  loadSupplierRules,
  removeStaff,
  updateSupplier,
  updateSupplierRules,
} from "~/modules/suppliers/suppliers.server";
import { authMessages } from "~/modules/user/messages";
import { toastHeader, type Toast } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

const notFound = () => new Response(null, { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Staff may open their own supplier's page for its availability rules (docs/domain.md#rental-limits); another's is a 404.
  const user = requireBackOffice(request, context);
  const id = rowIdParam(params.supplierId);
  const supplier = id === null ? null : await loadSupplier(user, id);
  const rules = id === null ? null : await loadSupplierRules(user, id);
  if (!supplier || !rules) throw notFound();
  const staff = user.type === "admin" ? await listStaff(supplier.id) : [];
  const removeId = rowIdParam(new URL(request.url).searchParams.get("remove"));
  return {
    title: `${context.t("adminSuppliers:edit.title", { name: supplier.name })} · Rueda`,
    supplier,
    rules,
    isAdmin: user.type === "admin",
    staff,
    // The removal's confirmation is a page state, so it works without JavaScript.
    confirmRemove: staff.find((member) => member.id === removeId) ?? null,
    language: context.language,
  };
}

type ActionResult = { intent: "save" | "invite" | "rules"; result: SubmissionResult<string[]> };

async function done(supplierId: number, toast: Toast, hash = "") {
  return redirect(`/admin/suppliers/${supplierId}${hash}`, { headers: { "Set-Cookie": await toastHeader(toast) } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staffUser = requireBackOffice(request, context);
  const id = rowIdParam(params.supplierId);
  if (id === null) throw notFound();
  if (staffUser.type !== "admin") {
    // Staff change their own supplier's rules only (another supplier's page is a 404 whatever was
    // posted: docs/security.md#back-office); everything else on the page is the admins'.
    if (!(await loadSupplierRules(staffUser, id))) throw notFound();
    const formData = await request.formData();
    if (formData.get("intent") !== "rules") throw new Response(null, { status: 403 });
    return saveRules(staffUser, id, formData);
  }
  const user = requireAdmin(request, context);

  // The details form is multipart (its logo); the staff forms are plain.
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const submission = await readSupplierSubmission(request);
    if (!submission.ok) return json<ActionResult>({ intent: "save", result: submission.result }, { status: 400 });
    if ((await updateSupplier(user, id, submission.values, submission.logo)) === "notFound") throw notFound();
    return done(id, { type: "success", message: "admin:common.changesSaved" });
  }

  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "invite": {
      const submission = parseForm(formData, { schema: staffInviteSchema });
      if (submission.status !== "success")
        return json<ActionResult>({ intent: "invite", result: submission.reply() }, { status: 400 });
      const outcome = await inviteStaff(user, id, submission.value);
      if (outcome.status === "notFound") throw notFound();
      if (outcome.status === "emailTaken") {
        return json<ActionResult>(
          { intent: "invite", result: submission.reply({ fieldErrors: { email: [authMessages.emailTaken] } }) },
          { status: 400 },
        );
      }
      return done(
        id,
        { type: "success", message: "adminSuppliers:staff.invited", values: { email: submission.value.email } },
        "#staff",
      );
    }
    case "rules":
      return saveRules(user, id, formData);
    case "remove-staff": {
      const staffId = rowIdParam(String(formData.get("staffId") ?? ""));
      if (staffId === null) throw new Response(null, { status: 400 });
      if ((await removeStaff(user, id, staffId)) === "notFound") throw notFound();
      return done(id, { type: "success", message: "adminSuppliers:staff.removed" }, "#staff");
    }
    default:
      throw new Response(null, { status: 400 });
  }
}

async function saveRules(user: StaffUser, id: number, formData: FormData) {
  const submission = parseForm(formData, { schema: supplierRulesSchema });
  if (submission.status !== "success")
    return json<ActionResult>({ intent: "rules", result: submission.reply() }, { status: 400 });
  if ((await updateSupplierRules(user, id, submission.value)) === "notFound") throw notFound();
  return done(id, { type: "success", message: "admin:common.changesSaved" }, "#rules");
}

export default function SupplierPage() {
  const { t } = useTranslation("adminSuppliers");
  const { supplier, rules, isAdmin, staff, confirmRemove, language } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page stack">
      {isAdmin ? (
        <p>
          <Link to="/admin/suppliers">{t("edit.back")}</Link>
        </p>
      ) : null}
      <h1>{t("edit.title", { name: supplier.name })}</h1>
      {supplier.active ? null : (
        <div className="notice notice--warning" role="status">
          <p>{t("edit.inactive")}</p>
        </div>
      )}
      <p className="muted">{t("edit.cars", { count: supplier.cars })}</p>
      <SupplierRulesForm
        key={JSON.stringify(rules)}
        lastResult={actionData?.intent === "rules" ? actionData.result : undefined}
        defaultValue={rules}
      />
      <p>
        <Link to={`/admin/suppliers/${supplier.id}/seasons`}>{t("seasons.link")}</Link>
      </p>
      {isAdmin ? (
        <>
          <section className="card stack" aria-labelledby="details-title">
            <h2 id="details-title">{t("form.details")}</h2>
            <SupplierForm
              // Saved values can differ from the typed ones (a phone without separators, a new logo): a new form shows them.
              key={JSON.stringify(supplier)}
              lastResult={actionData?.intent === "save" ? actionData.result : undefined}
              defaultValue={{
                name: supplier.name,
                email: supplier.email ?? "",
                phone: supplier.phone ?? "",
                // Shown with its "+", as it is dialled.
                whatsapp: supplier.whatsapp ? `+${supplier.whatsapp}` : "",
                rif: supplier.rif ?? "",
                fiscalAddress: supplier.fiscalAddress ?? "",
                payLater: supplier.payLater,
                collectsIgtf: supplier.collectsIgtf,
                active: supplier.active,
              }}
              logo={{ src: supplier.logo, alt: t("form.logoAlt", { name: supplier.name }) }}
              submitLabel={t("admin:common.save")}
            />
          </section>
          <SupplierStaff
            supplierId={supplier.id}
            staff={staff}
            confirmRemove={confirmRemove}
            inviteResult={actionData?.intent === "invite" ? actionData.result : undefined}
            language={language}
          />
        </>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = SupplierErrorBoundary;
