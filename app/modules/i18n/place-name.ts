import type { Language } from "~/modules/i18n/languages";

/*
 * A place's name in the reader's language (docs/domain.md#places). Every place is named in all
 * four languages: the columns are NOT NULL and the place form requires each name
 * (place-form.ts), so there is one behaviour and no fallback — the reader's language's name,
 * always. (The API's former `|| nameEn` could never apply.)
 */

export type PlaceNames = { nameEs: string; nameEn: string; nameFr: string; nameEl: string };

const nameKeys = { es: "nameEs", en: "nameEn", fr: "nameFr", el: "nameEl" } as const satisfies Record<
  Language,
  keyof PlaceNames
>;

/** The field of a place's row that holds its name in `language`. */
export const placeNameKey = (language: Language) => nameKeys[language];

/** The place's name in `language`. */
export const placeName = (place: PlaceNames, language: Language): string => place[nameKeys[language]];

/** The column of a places table (or an alias of it) that holds the name in `language`, for a query. */
export const placeNameColumn = <Table extends Record<keyof PlaceNames, unknown>>(
  table: Table,
  language: Language,
): Table[keyof PlaceNames] => table[nameKeys[language]];

/**
 * The four name columns of a places table (or an alias of it), to select beside others: a row
 * read with them is a `PlaceNames`, which placeName reads in any language.
 */
export const placeNameColumns = <Table extends Record<keyof PlaceNames, unknown>>(
  table: Table,
): Pick<Table, keyof PlaceNames> => ({
  nameEs: table.nameEs,
  nameEn: table.nameEn,
  nameFr: table.nameFr,
  nameEl: table.nameEl,
});
