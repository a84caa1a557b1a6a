import { isLanguage, type Language } from "~/modules/i18n/languages";
import { toastCookie } from "./cookies.server";

export type ToastType = "success" | "error" | "info";
/**
 * `message` is an i18n key (with optional values) so the toast shows in the reader's language.
 * `language` asks for another language than the page's (a language that could not be saved is
 * still the one the reader chose); the root loader then puts the translated `text` in it.
 */
export type Toast = {
  type: ToastType;
  message: string;
  values?: Record<string, string | number>;
  language?: Language;
  text?: string;
};

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast);
}

export async function readToast(request: Request): Promise<Toast | null> {
  const value = await toastCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || typeof value.message !== "string") return null;
  const { type, message, values, language } = value as Toast;
  // `text` is never read from the cookie: the root loader writes it from `message`.
  return { type, message, ...(values ? { values } : {}), ...(isLanguage(language) ? { language } : {}) };
}

export function clearToastHeader(): Promise<string> {
  return toastCookie.serialize("", { maxAge: 0 });
}
