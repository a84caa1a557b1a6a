/*
 * Free text people type (docs/security.md#text-input). PostgreSQL cannot store U+0000 in a
 * text column (the insert fails), and the other C0 controls, DEL and the C1 controls are never
 * typed on purpose: they hide text, break lines in emails, calendars and CSV, or come from a
 * script. A single-line field refuses them all; a multi-line field (a textarea) keeps tab,
 * line feed and the CR of a CRLF, which browsers send for every line break of a textarea.
 * No zod here: the bookings list reads its search box with this too, without loading zod.
 */
const singleLineControls = /[\u0000-\u001F\u007F-\u009F]/;
const multiLineControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;

export type TextOptions = { multiline?: boolean };

/** Whether `value` holds a control character the field does not allow. */
export const hasControlCharacters = (value: string, { multiline = false }: TextOptions = {}) =>
  (multiline ? multiLineControls : singleLineControls).test(value);

/** A search box's text: its control characters are dropped (a search is not stored, and a filter has no field to show an error in). */
export const searchText = (value: string, max: number) =>
  value.replace(new RegExp(singleLineControls.source, "g"), "").trim().slice(0, max);
