import { useHydrated } from "./client-only";
import { showToast } from "./toasts";

/**
 * Copies `value` to the clipboard and confirms with a toast (the spec's "copied …" messages).
 * It needs JavaScript, so until the page is interactive it is invisible (and without JavaScript
 * it stays so: the value beside it is selectable text). It still takes its place from the first
 * paint, so its arrival moves nothing: a button that moved the form down while the page
 * hydrated took a press meant for "Submit transaction ID" (docs/architecture.md#forms).
 */
export function CopyButton({ value, label, text, copied, failed }: { value: string; label: string; text: string; copied: string; failed: string }) {
  const hydrated = useHydrated();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ type: "success", message: copied });
    } catch {
      showToast({ type: "error", message: failed });
    }
  };
  return (
    <button
      type="button"
      className={`button button--small button--secondary${hydrated ? "" : " copy-button--waiting"}`}
      aria-label={label}
      disabled={!hydrated}
      onClick={copy}
    >
      {text}
    </button>
  );
}
