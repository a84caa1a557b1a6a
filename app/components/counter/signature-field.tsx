import { useEffect, useRef, useState } from "react";
import type SignaturePad from "signature_pad";
import { useHydrated } from "~/components/client-only";
import type { FormField } from "~/components/field-props";
import { FieldErrors } from "~/components/forms";
import { useTranslation } from "~/modules/i18n/react";

/**
 * The driver's drawn signature on the pick-up form (docs/domain.md#pick-up). JavaScript only:
 * without it nothing is shown and the typed full name with the "I agree" box is the signature.
 * The drawing is optional (a driver who cannot draw still signs with the name); when there is
 * one, it goes to the server as a PNG data URL in a hidden field and is printed on the
 * agreement above the name.
 */
export function SignatureField({ field }: { field: FormField }) {
  return useHydrated() ? <Pad field={field} /> : null;
}

/** Canvas pixels per CSS pixel: sharp on a phone's screen, but no more than twice, to keep the PNG small. */
const pixelRatio = () => Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);

/** Fits the canvas's pixels to its drawn size (a canvas is 300 × 150 until told). */
function fit(canvas: HTMLCanvasElement) {
  const ratio = pixelRatio();
  canvas.width = canvas.offsetWidth * ratio;
  canvas.height = canvas.offsetHeight * ratio;
  canvas.getContext("2d")?.scale(ratio, ratio);
}

function Pad({ field }: { field: FormField }) {
  const { t } = useTranslation("adminDashboard");
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [ready, setReady] = useState(false);
  const [value, setValue] = useState("");
  const labelId = `${field.id}-label`;
  const helpId = `${field.id}-help`;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let gone = false;
    const read = (created: SignaturePad) => setValue(created.isEmpty() ? "" : created.toDataURL("image/png"));
    // The library (~10 KB) is fetched when the pad comes near the screen, not with the page.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void import("signature_pad").then(({ default: Library }) => {
          if (gone) return;
          fit(element);
          const created = new Library(element, { penColor: "#10204a", minWidth: 1, maxWidth: 3 });
          created.addEventListener("endStroke", () => read(created));
          pad.current = created;
          setReady(true);
        });
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    // A turned phone changes the pad's width: redraw the strokes on the new size.
    let width = element.offsetWidth;
    const onResize = () => {
      const created = pad.current;
      if (!created || element.offsetWidth === width) return;
      width = element.offsetWidth;
      const strokes = created.toData();
      fit(element);
      created.fromData(strokes);
      read(created);
    };
    window.addEventListener("resize", onResize);
    return () => {
      gone = true;
      observer.disconnect();
      window.removeEventListener("resize", onResize);
      pad.current?.off();
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    setValue("");
  };
  const invalid = field.errors !== undefined;
  return (
    <div className="field signature-pad" role="group" aria-labelledby={labelId}>
      <span className="signature-pad__label" id={labelId}>
        {t("pickup.pad")}
      </span>
      <canvas
        ref={canvas}
        className="signature-pad__canvas"
        role="img"
        aria-labelledby={labelId}
        aria-describedby={invalid ? `${field.errorId} ${helpId}` : helpId}
        data-ready={ready}
      />
      <p className="field__help" id={helpId}>
        {t("pickup.padHelp")}
      </p>
      <p className="field__help" aria-live="polite">
        {value ? t("pickup.padDrawn") : t("pickup.padEmpty")}
      </p>
      <input type="hidden" name={field.name} value={value} />
      <button type="button" className="button button--secondary" onClick={clear} disabled={!ready || !value}>
        {t("pickup.clearSignature")}
      </button>
      <FieldErrors id={field.errorId} errors={field.errors} label={t("pickup.pad")} />
    </div>
  );
}
