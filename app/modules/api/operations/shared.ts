import { z } from "zod";
import { rowId } from "../schemas";

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

/** A page number as a query parameter; out of range is clamped, as on the pages. */
export const pageQuery = z
  .string()
  .max(12)
  .optional()
  .meta({ description: "Page number, from 1; past the last page gives the last one." });
