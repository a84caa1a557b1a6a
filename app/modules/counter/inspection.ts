import { z } from "zod";
import { optionalText } from "~/modules/forms/fields";
import { bodyLimits } from "~/modules/http/body-limits";

/*
 * The walk-around inspection (docs/domain.md#inspection), shared by the browser and the server:
 * photos of the car and damage marks, at the pick-up (`out`) and at the return (`in`). The form's
 * fields are the same with and without JavaScript (a row per mark: `marks[i].area`, `.kind`,
 * `.note`, and with a tap on the outline `.x` and `.y`), so the server has one way to read them.
 */

/** Copies of the database enums (`inspection_phase`, `damage_area`, `damage_kind`), held equal by a test. */
export const inspectionPhases = ["out", "in"] as const;
export const damageAreas = [
  "front",
  "windscreen",
  "roof",
  "rearWindow",
  "rear",
  "leftSide",
  "rightSide",
  "wheels",
  "interior",
] as const;
export const damageKinds = ["scratch", "dent", "crack", "missingPart", "other"] as const;

export type InspectionPhase = (typeof inspectionPhases)[number];
export type DamageArea = (typeof damageAreas)[number];
export type DamageKind = (typeof damageKinds)[number];

export const inspectionLimits = {
  /** Photos per inspection: a walk-around is some 4–8 pictures. */
  photos: 12,
  /** The same cap as every upload (`IMAGE_MAX_BYTES`, a unit test holds them equal). */
  photoMaxBytes: 5 * 1024 * 1024,
  /**
   * All photos of one post: the multipart body cap less room for the other fields, so the browser
   * says it in the form's words before the server answers 413 (docs/security.md#request-bodies).
   */
  photosMaxBytes: bodyLimits.multipartBytes - 64 * 1024,
  marks: 30,
  noteMax: 200,
  /** The outline's coordinates run 0–1000 on each axis. */
  spotMax: 1000,
  /** Empty rows of the form without JavaScript. */
  rows: 5,
} as const;

export const inspectionMessages = {
  area: "adminDashboard:inspection.errors.area",
  kind: "adminDashboard:inspection.errors.kind",
  tooManyMarks: "adminDashboard:inspection.errors.tooManyMarks",
  tooManyPhotos: "adminDashboard:inspection.errors.tooManyPhotos",
  photoTooLarge: "adminDashboard:inspection.errors.photoTooLarge",
  photosTooLarge: "adminDashboard:inspection.errors.photosTooLarge",
  photoNotImage: "adminDashboard:inspection.errors.photoNotImage",
  photoTooManyPixels: "adminDashboard:inspection.errors.photoTooManyPixels",
  photoBusy: "adminDashboard:inspection.errors.photoBusy",
} as const;

/*
 * The car outline, seen from above with its front at the top, in a 1000×1000 box: drawn by the
 * form (inline SVG) and the agreement (PDF), and read back by `areaAt`.
 */
export const outline = {
  body: { x: 300, y: 40, width: 400, height: 920, radius: 110 },
  /** The wheels stick out of the body on both sides, front and back. */
  wheels: [
    { x: 255, y: 170 },
    { x: 700, y: 170 },
    { x: 255, y: 700 },
    { x: 700, y: 700 },
  ].map((at) => ({ ...at, width: 45, height: 130 })),
  windscreen: { top: 250, bottom: 340 },
  rearWindow: { top: 760, bottom: 830 },
  /** The doors' band: inside it, a tap nearer the edge than this is the side, not the roof. */
  sides: { left: 370, right: 630 },
} as const;

const within = (value: number, from: number, to: number) => value >= from && value <= to;

/** The area of the car at a spot of the outline (docs/domain.md#inspection). */
export function areaAt(x: number, y: number): DamageArea {
  const { wheels, body, windscreen, rearWindow, sides } = outline;
  const onWheel = wheels.some(
    (w) => within(y, w.y, w.y + w.height) && (x < body.x || x > body.x + body.width) && within(x, w.x - 40, w.x + 85),
  );
  if (onWheel) return "wheels";
  if (y < windscreen.top) return "front";
  if (y > rearWindow.bottom) return "rear";
  if (x < sides.left) return "leftSide";
  if (x > sides.right) return "rightSide";
  if (y < windscreen.bottom) return "windscreen";
  if (y > rearWindow.top) return "rearWindow";
  return "roof";
}

export type DamageMark = {
  area: DamageArea;
  kind: DamageKind;
  note: string | null;
  /** The tapped spot on the outline, both or neither. */
  x: number | null;
  y: number | null;
};

const spot = z.number().int().min(0).max(inspectionLimits.spotMax).optional().catch(undefined);

/** One row of the list: an empty one is skipped; a started one needs its area and its kind. */
const markRow = z
  .object({
    area: z.enum(damageAreas, { error: inspectionMessages.area }).optional(),
    kind: z.enum(damageKinds, { error: inspectionMessages.kind }).optional(),
    note: optionalText(inspectionLimits.noteMax),
    x: spot,
    y: spot,
  })
  .superRefine((row, ctx) => {
    if (!row.area && !row.kind && !row.note) return;
    if (!row.area) ctx.addIssue({ code: "custom", path: ["area"], message: inspectionMessages.area });
    if (!row.kind) ctx.addIssue({ code: "custom", path: ["kind"], message: inspectionMessages.kind });
  });

/** The rows posted, as the marks they make (empty rows dropped, a spot kept only whole). */
export function marksOf(rows: ReadonlyArray<z.output<typeof markRow> | undefined>): DamageMark[] {
  return rows.flatMap((row) =>
    row?.area && row.kind
      ? [
          {
            area: row.area,
            kind: row.kind,
            note: row.note || null,
            ...(row.x !== undefined && row.y !== undefined ? { x: row.x, y: row.y } : { x: null, y: null }),
          },
        ]
      : [],
  );
}

const photo = z.file().max(inspectionLimits.photoMaxBytes, inspectionMessages.photoTooLarge);

/**
 * The inspection's fields, spread into a form's schema (the pick-up's, the return's): `photos`
 * (one file input, several files) and `marks`, parsed to `DamageMark[]`.
 */
export const inspectionFields = {
  photos: z
    .array(photo)
    .max(inspectionLimits.photos, inspectionMessages.tooManyPhotos)
    .refine(
      (files) => files.reduce((sum, file) => sum + file.size, 0) <= inspectionLimits.photosMaxBytes,
      inspectionMessages.photosTooLarge,
    )
    .optional()
    .transform((files) => files ?? []),
  marks: z
    .array(markRow.optional())
    .max(inspectionLimits.marks, inspectionMessages.tooManyMarks)
    .optional()
    .transform((rows) => marksOf(rows ?? [])),
};
