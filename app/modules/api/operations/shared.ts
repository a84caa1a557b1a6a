import { z } from "zod";
import { MAX_PAGE_SIZE } from "~/modules/list/paging";
import { rowId, textInteger } from "../schemas";

/** `{id}` of a path: a row id; anything else names nothing (404). */
export const idParams = z.object({ id: rowId });

/**
 * A wall-clock time at a place, as `datetime-local` writes it (`2026-12-01T10:00`), read on the
 * place's clock (docs/domain.md#days). Read by the pages' own parsers, which give the messages.
 */
export const localDateTime = z
  .string()
  .max(40)
  .meta({ description: "Wall-clock time on the place's clock: `YYYY-MM-DDTHH:mm`.", examples: ["2027-03-10T10:00"] });

/** A page number as a query parameter; out of range is clamped, as on the pages (list/paging.ts). */
export const pageQuery = z
  .string()
  .max(12)
  .optional()
  .meta({
    description:
      "Page number, from 1. A page past the last gives the last page (the answer's `page` says which); anything but a positive integer gives the first.",
    examples: ["1"],
  });

/** How many entries a page of a list holds, when the client says (`?pageSize=`); else `defaultSize`. */
export const pageSizeQuery = (defaultSize: number, maximum = MAX_PAGE_SIZE) =>
  textInteger(1, maximum)
    .optional()
    .meta({ description: `Entries a page, 1 to ${maximum}; ${defaultSize} when absent. Out of range → 400.` });
