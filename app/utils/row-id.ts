/*
 * The one rule for ids (docs/security.md#ids): every table's id is a PostgreSQL `integer`, and a
 * query with a larger number fails ("out of range", a 500), so anything outside 1..ROW_ID_MAX names
 * nothing. Pure, so the browser-safe modules and the routes read ids by it too.
 */

/** The largest id an `integer` column holds. */
export const ROW_ID_MAX = 2_147_483_647;

/** An id as an integer column can hold it; anything else (negative, huge, NaN) names nothing. */
export const isRowId = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) > 0 && (value as number) <= ROW_ID_MAX;

/**
 * An id as an address writes it (`/admin/cars/42`, `?b=42`): decimal digits only (never `042`,
 * `+42`, ` 42`, `4.2e1` or `0x2a`) and a row id; anything else is null, which names nothing.
 */
export function rowIdParam(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return isRowId(id) ? id : null;
}
