import { useHydrated } from "~/components/client-only";

/**
 * Copies `value` to the clipboard and reports the outcome (for a toast). It needs JavaScript, so
 * the server and a page without it show no button: the value beside it is plain selectable text.
 */
export function CopyButton({ value, label, onCopied }: { value: string; label: string; onCopied: (copied: boolean) => void }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="button button--small button--secondary"
      onClick={() => {
        navigator.clipboard.writeText(value).then(
          () => onCopied(true),
          () => onCopied(false),
        );
      }}
    >
      {label}
    </button>
  );
}
