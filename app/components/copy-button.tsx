import { ScriptButton } from "./client-only";
import { showToast } from "./toasts";

/**
 * Copies `value` to the clipboard and confirms with a toast (the spec's "copied …" messages).
 * It needs JavaScript: without, it stays invisible and the value beside it is selectable text.
 */
export function CopyButton({
  value,
  label,
  text,
  copied,
  failed,
}: {
  value: string;
  label: string;
  text: string;
  copied: string;
  failed: string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ type: "success", message: copied });
    } catch {
      showToast({ type: "error", message: failed });
    }
  };
  return (
    <ScriptButton className="button button--small button--secondary" aria-label={label} onClick={copy}>
      {text}
    </ScriptButton>
  );
}
