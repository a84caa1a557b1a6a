import { isRowId } from "~/utils/postgres.server";

/** A route parameter naming a row: digits only, an id an integer column can hold; anything else names nothing (404). */
export function rowIdParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return isRowId(id) ? id : null;
}
