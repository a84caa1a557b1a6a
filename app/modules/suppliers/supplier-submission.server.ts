import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import { readFormWithFiles } from "~/modules/http/form-data.server";
import { logoMessages, supplierSchema } from "./supplier-form";
import { processLogo, type SupplierValues } from "./suppliers.server";

export type SupplierSubmission =
  { ok: true; values: SupplierValues; logo: Buffer | null } | { ok: false; result: SubmissionResult<string[]> };

/**
 * Reads the supplier form (multipart, for its logo): the fields by the schema, then the logo by
 * its content (processLogo), each refusal as the logo field's error, so nothing is saved unless
 * both pass (the body is read by `readFormWithFiles`); the 5 MB rule is the schema's, which keeps
 * the other fields to show again.
 */
export async function readSupplierSubmission(request: Request): Promise<SupplierSubmission> {
  const submission = parseForm(await readFormWithFiles(request), { schema: supplierSchema });
  if (submission.status !== "success") return { ok: false, result: submission.reply() };
  const { name, email, phone, whatsapp, rif, fiscalAddress, payLater, collectsIgtf, active, logo } = submission.value;
  let webp: Buffer | null = null;
  if (logo) {
    const processed = await processLogo(new Uint8Array(await logo.arrayBuffer()));
    if (!processed.ok)
      return { ok: false, result: submission.reply({ fieldErrors: { logo: [logoMessages[processed.reason]] } }) };
    webp = processed.webp;
  }
  return {
    ok: true,
    values: {
      name,
      email,
      phone: phone ?? null,
      whatsapp: whatsapp ?? null,
      rif,
      fiscalAddress,
      payLater: Boolean(payLater),
      collectsIgtf: Boolean(collectsIgtf),
      active: Boolean(active),
    },
    logo: webp,
  };
}
