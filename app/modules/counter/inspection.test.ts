import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as dbEnums from "../../../db/schema/enums";
import { IMAGE_MAX_BYTES } from "~/modules/images/process.server";
import { areaAt, damageAreas, damageKinds, inspectionFields, inspectionLimits, inspectionPhases } from "./inspection";

const schema = z.object(inspectionFields);

/** The fields as a browser posts them: every row's controls, empty ones included. */
function posted(entries: Array<[string, string | File]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return parseWithZod(data, { schema });
}

/** The field errors of a refused submission. */
const errorsOf = (result: ReturnType<typeof posted>) => (result.status === "error" ? result.error : undefined);

const emptyRow = (i: number): Array<[string, string]> => [
  [`marks[${i}].area`, ""],
  [`marks[${i}].kind`, ""],
  [`marks[${i}].note`, ""],
];

describe("the inspection's fields", () => {
  it("keep the database's phases, areas and kinds, and the upload cap", () => {
    expect(inspectionPhases).toEqual(dbEnums.inspectionPhases);
    expect(damageAreas).toEqual(dbEnums.damageAreas);
    expect(damageKinds).toEqual(dbEnums.damageKinds);
    expect(inspectionLimits.photoMaxBytes).toBe(IMAGE_MAX_BYTES);
  });

  it("read a filled row as a mark and skip the empty rows", () => {
    const result = posted([
      ...emptyRow(0),
      ["marks[1].area", "leftSide"],
      ["marks[1].kind", "dent"],
      ["marks[1].note", "  rear door  "],
      ...emptyRow(2),
      ["photos", new File([], "")],
    ]);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      photos: [],
      marks: [{ area: "leftSide", kind: "dent", note: "rear door", x: null, y: null }],
    });
  });

  it("keep a tapped spot only whole and within the outline", () => {
    const result = posted([
      ["marks[0].area", "front"],
      ["marks[0].kind", "scratch"],
      ["marks[0].x", "500"],
      ["marks[0].y", "120"],
      ["marks[1].area", "roof"],
      ["marks[1].kind", "other"],
      ["marks[1].x", "5000"],
      ["marks[1].y", "400"],
    ]);
    expect(result.status === "success" && result.value.marks).toEqual([
      { area: "front", kind: "scratch", note: null, x: 500, y: 120 },
      { area: "roof", kind: "other", note: null, x: null, y: null },
    ]);
  });

  it("ask for the area and kind of a started row, next to it", () => {
    const result = posted([...emptyRow(0), ["marks[1].note", "scratch by the handle"], ["marks[2].area", "lava"]]);
    expect(result.status).toBe("error");
    expect(errorsOf(result)).toMatchObject({
      "marks[1].area": ["adminDashboard:inspection.errors.area"],
      "marks[1].kind": ["adminDashboard:inspection.errors.kind"],
      "marks[2].area": ["adminDashboard:inspection.errors.area"],
    });
  });

  it("take several photos from one file input, within the caps", () => {
    const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: "image/png" });
    const two = posted([
      ["photos", png("a.png")],
      ["photos", png("b.png")],
    ]);
    expect(two.status === "success" && two.value.photos.map((f) => f.name)).toEqual(["a.png", "b.png"]);
    const one = posted([["photos", png("a.png")]]);
    expect(one.status === "success" && one.value.photos).toHaveLength(1);
    const many = posted(Array.from({ length: inspectionLimits.photos + 1 }, (_, i) => ["photos", png(`${i}.png`)]));
    expect(errorsOf(many)?.photos).toEqual(["adminDashboard:inspection.errors.tooManyPhotos"]);
    const big = posted([["photos", png("big.png", inspectionLimits.photoMaxBytes + 1)]]);
    expect(errorsOf(big)?.["photos[0]"]).toEqual(["adminDashboard:inspection.errors.photoTooLarge"]);
  });
});

describe("the outline's areas", () => {
  it.each([
    [500, 100, "front"],
    [500, 300, "windscreen"],
    [500, 500, "roof"],
    [500, 800, "rearWindow"],
    [500, 920, "rear"],
    [320, 500, "leftSide"],
    [680, 500, "rightSide"],
    [270, 230, "wheels"],
    [730, 760, "wheels"],
    [50, 500, "leftSide"],
    [950, 500, "rightSide"],
  ] as const)("reads (%i, %i) as %s", (x, y, area) => {
    expect(areaAt(x, y)).toBe(area);
  });
});
