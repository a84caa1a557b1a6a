import {
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from "@remix-run/node";
import { bodyLimits } from "./body-limits";

/**
 * A posted form that may carry files: multipart, or plain (a form saved without a new file, or a
 * request made by hand). The body was already capped and checked to parse while it was read
 * (docs/security.md#request-bodies), so a part holds at most that much; the part limit here only
 * keeps the parser from its own smaller default, and each form's schema says its files' own
 * limits with the form's message. A body that still does not parse is a 400.
 */
export async function readFormWithFiles(request: Request): Promise<FormData> {
  const multipart = (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
  try {
    return multipart
      ? await parseMultipartFormData(request, createMemoryUploadHandler({ maxPartSize: bodyLimits.multipartBytes }))
      : await request.formData();
  } catch {
    throw new Response(null, { status: 400 });
  }
}
