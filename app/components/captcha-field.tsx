import { useEffect, useRef } from "react";
import { useTranslation } from "~/modules/i18n/react";
import type { FormField } from "./field-props";
import { TextField } from "./forms";

/*
 * The captcha of sign-up and a visitor's checkout (docs/security.md#captcha), as the loader drew it
 * (security/captcha.server.ts pageCaptcha): Rueda's sum, a labelled field beside its signed token,
 * which works without JavaScript; or Google's reCAPTCHA checkbox, which needs it, loaded once the
 * page is interactive (a script React renders after a client navigation would not run). The
 * server checks either itself; this only shows it.
 */

type Recaptcha = {
  ready: (callback: () => void) => void;
  render: (element: HTMLElement, options: { sitekey: string }) => number;
  reset: (widget?: number) => void;
};

declare global {
  interface Window {
    grecaptcha?: Recaptcha;
    ruedaRecaptchaLoaded?: () => void;
  }
}

export type ShownCaptcha =
  { kind: "challenge"; question: string; token: string } | { kind: "recaptcha"; siteKey: string } | null;

/** Google's script, asked for once per page load; resolves when `grecaptcha` can render. */
let loading: Promise<Recaptcha> | null = null;
function loadRecaptcha(language: string): Promise<Recaptcha> {
  loading ??= new Promise((resolve) => {
    window.ruedaRecaptchaLoaded = () => resolve(window.grecaptcha!);
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?onload=ruedaRecaptchaLoaded&render=explicit&hl=${encodeURIComponent(language)}`;
    script.async = true;
    document.head.append(script);
  });
  return loading;
}

function RecaptchaBox({ siteKey, attempt }: { siteKey: string; attempt: unknown }) {
  const { t, i18n } = useTranslation("auth");
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  useEffect(() => {
    let current = true;
    void loadRecaptcha(i18n.language).then((recaptcha) => {
      if (current && box.current && widget.current === null)
        widget.current = recaptcha.render(box.current, { sitekey: siteKey });
    });
    return () => {
      current = false;
    };
  }, [siteKey, i18n.language]);
  // A refused submission spent the token: the person ticks the box again.
  useEffect(() => {
    if (widget.current !== null) window.grecaptcha?.reset(widget.current);
  }, [attempt]);
  return (
    <div className="field" role="group" aria-label={t("captcha.label")}>
      <div ref={box} />
      <noscript>
        <p>{t("captcha.needsJavaScript")}</p>
      </noscript>
    </div>
  );
}

/**
 * The captcha's part of a form: nothing while it is off. `attempt` changes with each answer of the
 * action, so Google's box is cleared for the next try.
 */
export function CaptchaField({
  captcha,
  field,
  attempt,
}: {
  captcha: ShownCaptcha;
  field: FormField;
  attempt: unknown;
}) {
  const { t } = useTranslation("auth");
  if (!captcha) return null;
  if (captcha.kind === "recaptcha") return <RecaptchaBox siteKey={captcha.siteKey} attempt={attempt} />;
  return (
    <>
      <input type="hidden" name="captchaToken" value={captcha.token} />
      <TextField field={field} label={t("fields.captcha", { question: captcha.question })} autoComplete="off" />
    </>
  );
}

/** The captcha's label for a form's error summary, or nothing. */
export function useCaptchaLabel(captcha: ShownCaptcha): Record<string, string> {
  const { t } = useTranslation("auth");
  return captcha?.kind === "challenge" ? { captchaAnswer: t("fields.captcha", { question: captcha.question }) } : {};
}
