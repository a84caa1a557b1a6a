import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/modules/i18n/react";

export const TOAST_MS = 5000;

type Toast = {
  type: "success" | "error" | "info";
  message: string;
  values?: Record<string, string | number>;
  /** Already translated, in `language` rather than the page's (see app/utils/toast.server.ts). */
  text?: string;
  language?: string;
};

const TOAST_EVENT = "rueda:toast";

/** A toast raised in the browser (e.g. "Phone copied"), shown like the server's flash toasts. */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}

/**
 * Bottom-right, dark, closes after 5 s. Without JavaScript the stylesheet fades it out on
 * the same schedule, and the close button reloads the page by GET — the flash cookie is
 * already spent, so the toast is gone; with JavaScript it simply hides.
 */
export function Toasts({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => setVisible(toast), [toast]);
  useEffect(() => {
    const show = (event: Event) => setVisible((event as CustomEvent<Toast>).detail);
    window.addEventListener(TOAST_EVENT, show);
    return () => window.removeEventListener(TOAST_EVENT, show);
  }, []);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [visible]);
  if (!visible) return null;
  return (
    <div className="toasts" aria-live="polite">
      <div className={`toast toast--${visible.type}`} role={visible.type === "error" ? "alert" : "status"}>
        {visible.text ? (
          <span lang={visible.language}>{visible.text}</span>
        ) : (
          <span>{t(visible.message, visible.values)}</span>
        )}
        <form method="get" action={location.pathname} className="toast__dismiss">
          {[...new URLSearchParams(location.search)].map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            className="toast__close"
            aria-label={t("toast.close")}
            onClick={(event) => {
              event.preventDefault();
              setVisible(null);
            }}
          >
            ×
          </button>
        </form>
      </div>
    </div>
  );
}
