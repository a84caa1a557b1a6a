import { toastCookie } from "./cookies.server";

export type ToastType = "success" | "error" | "info";
/** `message` is an i18n key (with optional values) so the toast shows in the reader's language. */
export type Toast = { type: ToastType; message: string; values?: Record<string, string | number> };

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast);
}

export async function readToast(request: Request): Promise<Toast | null> {
  const value = await toastCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || typeof value.message !== "string") return null;
  return value as Toast;
}

export function clearToastHeader(): Promise<string> {
  return toastCookie.serialize("", { maxAge: 0 });
}
