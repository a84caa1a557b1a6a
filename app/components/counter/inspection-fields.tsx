import { useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useHydrated } from "~/components/client-only";
import { FileField } from "~/components/form-choices";
import type { FormField } from "~/components/field-props";
import { FieldErrors } from "~/components/forms";
import { useTranslation } from "~/modules/i18n/react";
import {
  areaAt,
  damageAreas,
  damageKinds,
  inspectionLimits,
  outline,
  type DamageKind,
  type DamageMark,
} from "~/modules/counter/inspection";
import { MarkList } from "./inspection-summary";

/*
 * The walk-around inspection's fields (docs/domain.md#inspection), for the pick-up form and the
 * return's: "Photos of the car" and the damage marks. Without JavaScript the marks are a few empty
 * rows (area, kind, note); with it, a car outline where a tap adds a row at that spot, its area
 * read from the spot. Both post the same fields (`marks[i].area`, `.kind`, `.note`, `.x`, `.y`).
 */

type Row = { key: number; area: string; kind: string; note: string; x?: number; y?: number };

/** What the form posted last (conform's initial value), as rows; anything unexpected reads as empty. */
function rowsFrom(initial: unknown): Row[] {
  if (!Array.isArray(initial)) return [];
  return initial.flatMap((value: unknown, index) => {
    if (!value || typeof value !== "object") return [];
    const row = value as Record<string, unknown>;
    const text = (name: string) => (typeof row[name] === "string" ? (row[name] as string) : "");
    const spot = (name: string) => (text(name) === "" ? undefined : Number(text(name)));
    if (!text("area") && !text("kind") && !text("note")) return [];
    return [{ key: index, area: text("area"), kind: text("kind"), note: text("note"), x: spot("x"), y: spot("y") }];
  });
}

export function InspectionFields({
  formId,
  photos,
  initialMarks,
  errors,
  pickupMarks,
}: {
  formId: string;
  /** The conform field of the file input (`photos`). */
  photos: FormField;
  /** The marks posted last, re-shown after the server refused the form. */
  initialMarks: unknown;
  /** Every error of the form by field name (conform's `allErrors`): the rows' are read from it. */
  errors: Record<string, string[] | undefined>;
  /** At the return: the pick-up's marks, listed read-only above the new ones. */
  pickupMarks?: DamageMark[];
}) {
  const { t } = useTranslation("adminDashboard");
  const hydrated = useHydrated();
  return (
    <>
      <h2>{t("inspection.section")}</h2>
      {/* A file input's change bubbles here (with JavaScript only): the photos are shrunk before sending. */}
      <div onChange={shrinkPhotos}>
        <FileField
          // Conform's field reads its parts through getters, which a spread would not copy.
          field={{
            id: photos.id,
            name: photos.name,
            formId: photos.formId,
            errorId: photos.errorId,
            errors: photos.errors,
            multiple: true,
          }}
          label={t("inspection.photos")}
          help={t("inspection.photosHelp")}
          accept="image/*"
        />
      </div>
      {pickupMarks ? (
        <>
          <h3>{t("inspection.pickupMarks")}</h3>
          <MarkList marks={pickupMarks} />
          <h3>{t("inspection.newDamage")}</h3>
        </>
      ) : (
        <h3>{t("inspection.damage")}</h3>
      )}
      {hydrated ? (
        <OutlineMarks formId={formId} initialMarks={initialMarks} errors={errors} />
      ) : (
        <>
          <p className="muted">{t("inspection.rowsHelp")}</p>
          {Array.from({ length: Math.max(inspectionLimits.rows, rowsFrom(initialMarks).length) }, (_, index) => {
            const posted = rowsFrom(initialMarks).find((row) => row.key === index);
            return (
              <MarkRow
                key={index}
                formId={formId}
                index={index}
                number={index + 1}
                row={posted ?? { key: index, area: "", kind: "", note: "" }}
                errors={errors}
              />
            );
          })}
        </>
      )}
    </>
  );
}

/** A photo's longest side once shrunk: more than the stored 1280×960, so the server's copy loses nothing. */
const SHRINK_EDGE = 1600;
/** Smaller photos are sent as they are. */
const SHRINK_FROM_BYTES = 300 * 1024;

/**
 * A phone's photo as a JPEG of at most `SHRINK_EDGE` pixels, so several fit under the body cap
 * (docs/domain.md#inspection); the file itself when the browser cannot decode it (the server judges it).
 */
async function shrink(file: File): Promise<File> {
  if (file.size < SHRINK_FROM_BYTES) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, SHRINK_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    return blob && blob.size < file.size
      ? new File([blob], `${file.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg" })
      : file;
  } catch {
    return file;
  }
}

async function shrinkPhotos(event: FormEvent<HTMLDivElement>) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== "file" || !input.files?.length) return;
  const chosen = Array.from(input.files);
  const shrunk = await Promise.all(chosen.map(shrink));
  // Chosen again meanwhile, or nothing to gain: leave the input as it is.
  if (input.files?.[0] !== chosen[0] || shrunk.every((file, i) => file === chosen[i])) return;
  const transfer = new DataTransfer();
  for (const file of shrunk) transfer.items.add(file);
  input.files = transfer.files;
}

/** One mark: area, kind and note; controlled (with `onChange`) once JavaScript runs, plain HTML before. */
function MarkRow({
  formId,
  index,
  number,
  row,
  errors,
  onChange,
  onRemove,
}: {
  formId: string;
  /** The row's place in the posted list. */
  index: number;
  /** The number the row is shown and drawn with. */
  number: number;
  row: Row;
  errors: Record<string, string[] | undefined>;
  onChange?: (row: Row) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation("adminDashboard");
  const choose = t("pickup.choose");
  const control = (name: "area" | "kind" | "note") => {
    const fieldName = `marks[${index}].${name}`;
    const id = `${formId}-mark-${row.key}-${name}`;
    const fieldErrors = errors[fieldName];
    const value = onChange
      ? {
          value: row[name],
          onChange: (event: { target: { value: string } }) => onChange({ ...row, [name]: event.target.value }),
        }
      : { defaultValue: row[name] };
    return {
      props: {
        id,
        name: fieldName,
        form: formId,
        "aria-invalid": fieldErrors ? true : undefined,
        "aria-describedby": fieldErrors ? `${id}-error` : undefined,
        ...value,
      },
      error: <FieldErrors id={`${id}-error`} errors={fieldErrors} label={t(`inspection.${name}`)} />,
    };
  };
  const area = control("area");
  const kind = control("kind");
  const note = control("note");
  return (
    <fieldset className="inspection__mark">
      <legend>{t("inspection.mark", { number })}</legend>
      <div className="field">
        <label htmlFor={area.props.id}>{t("inspection.area")}</label>
        <select {...area.props}>
          <option value="">{choose}</option>
          {damageAreas.map((value) => (
            <option key={value} value={value}>
              {t(`inspection.areas.${value}`)}
            </option>
          ))}
        </select>
        {area.error}
      </div>
      <div className="field">
        <label htmlFor={kind.props.id}>{t("inspection.kind")}</label>
        <select {...kind.props}>
          <option value="">{choose}</option>
          {damageKinds.map((value) => (
            <option key={value} value={value}>
              {t(`inspection.kinds.${value}`)}
            </option>
          ))}
        </select>
        {kind.error}
      </div>
      <div className="field">
        <label htmlFor={note.props.id}>{t("inspection.note")}</label>
        <input type="text" maxLength={inspectionLimits.noteMax} autoComplete="off" {...note.props} />
        {note.error}
      </div>
      {row.x !== undefined && row.y !== undefined ? (
        <>
          <input type="hidden" name={`marks[${index}].x`} value={row.x} form={formId} />
          <input type="hidden" name={`marks[${index}].y`} value={row.y} form={formId} />
        </>
      ) : null}
      {onRemove ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={onRemove}
          aria-label={t("inspection.remove", { number })}
        >
          {t("inspection.removeShort")}
        </button>
      ) : null}
    </fieldset>
  );
}

const clampSpot = (value: number) => Math.min(inspectionLimits.spotMax, Math.max(0, Math.round(value)));

/** With JavaScript: the outline to tap, and the marks it made listed below it. */
function OutlineMarks({
  formId,
  initialMarks,
  errors,
}: {
  formId: string;
  initialMarks: unknown;
  errors: Record<string, string[] | undefined>;
}) {
  const { t } = useTranslation("adminDashboard");
  const [rows, setRows] = useState<Row[]>(() => rowsFrom(initialMarks));
  const [nextKind, setNextKind] = useState<DamageKind>("scratch");
  const nextKey = useRef(1000);
  const full = rows.length >= inspectionLimits.marks;
  const add = (spot?: { x: number; y: number }) => {
    if (full) return;
    const area = spot ? areaAt(spot.x, spot.y) : "";
    setRows((current) => [...current, { key: nextKey.current++, area, kind: nextKind, note: "", ...spot }]);
  };
  const onTap = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    add({
      x: clampSpot(((event.clientX - box.left) / box.width) * inspectionLimits.spotMax),
      y: clampSpot(((event.clientY - box.top) / box.height) * inspectionLimits.spotMax),
    });
  };
  const { body, wheels, windscreen, rearWindow } = outline;
  return (
    <div className="inspection">
      <p className="muted" id={`${formId}-outline-help`}>
        {t("inspection.outlineHelp")}
      </p>
      <div className="field">
        <label htmlFor={`${formId}-next-kind`}>{t("inspection.nextKind")}</label>
        <select id={`${formId}-next-kind`} value={nextKind} onChange={(e) => setNextKind(e.target.value as DamageKind)}>
          {damageKinds.map((value) => (
            <option key={value} value={value}>
              {t(`inspection.kinds.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <svg
        className="inspection__outline"
        viewBox="0 0 1000 1000"
        role="img"
        aria-label={t("inspection.outline")}
        aria-describedby={`${formId}-outline-help`}
        onClick={onTap}
      >
        <rect
          x={body.x}
          y={body.y}
          width={body.width}
          height={body.height}
          rx={body.radius}
          fill="#f4f4f4"
          stroke="#555"
          strokeWidth="8"
        />
        {wheels.map((wheel) => (
          <rect key={`${wheel.x}-${wheel.y}`} {...wheel} rx="12" fill="#555" />
        ))}
        {[windscreen.top, windscreen.bottom, rearWindow.top, rearWindow.bottom].map((y) => (
          <line key={y} x1={body.x} x2={body.x + body.width} y1={y} y2={y} stroke="#555" strokeWidth="6" />
        ))}
        {rows.map((row, index) =>
          row.x !== undefined && row.y !== undefined ? (
            <g key={row.key} aria-hidden="true">
              <circle cx={row.x} cy={row.y} r="34" fill="#c0392b" />
              <text x={row.x} y={row.y + 14} textAnchor="middle" fontSize="40" fill="#fff">
                {index + 1}
              </text>
            </g>
          ) : null,
        )}
      </svg>
      <p>
        <button type="button" className="button button--secondary" onClick={() => add()} disabled={full}>
          {t("inspection.addWithoutTap")}
        </button>
      </p>
      <div aria-live="polite">
        {rows.length === 0 ? <p className="muted">{t("inspection.noMarks")}</p> : null}
        {rows.map((row, index) => (
          <MarkRow
            key={row.key}
            formId={formId}
            index={index}
            number={index + 1}
            row={row}
            errors={errors}
            onChange={(changed) => setRows((current) => current.map((r) => (r.key === row.key ? changed : r)))}
            onRemove={() => setRows((current) => current.filter((r) => r.key !== row.key))}
          />
        ))}
      </div>
    </div>
  );
}
