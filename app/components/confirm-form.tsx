import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The step that confirms a removal, a page state rather than a dialog so it works without
 * JavaScript: the question, the record's id as a hidden field, the danger button that posts the
 * intent (busy while it is being sent) and the way back.
 */
export function ConfirmForm({
  action,
  question,
  hidden,
  intent,
  busy,
  confirmLabel,
  cancelHref,
  cancelLabel,
  preventScrollReset,
}: {
  /** Where the form posts; the current route when left out. */
  action?: string;
  question: ReactNode;
  hidden?: { name: string; value: string | number };
  intent: string;
  busy: boolean;
  confirmLabel: string;
  cancelHref: string;
  cancelLabel: string;
  preventScrollReset?: boolean;
}) {
  return (
    <Form method="post" action={action} className="notice notice--warning stack">
      <p role="alert">{question}</p>
      {hidden ? <input type="hidden" name={hidden.name} value={hidden.value} /> : null}
      <p className="actions">
        <button
          type="submit"
          name="intent"
          value={intent}
          className="button button--danger"
          disabled={busy}
          aria-busy={busy}
        >
          {confirmLabel}
        </button>
        <Link to={cancelHref} className="button button--secondary" preventScrollReset={preventScrollReset}>
          {cancelLabel}
        </Link>
      </p>
    </Form>
  );
}
