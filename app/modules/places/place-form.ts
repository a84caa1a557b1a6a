import { z } from "zod";
import { optionalText, requiredText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { dollarsInput, parseDollars } from "~/modules/forms/money";
import { appToday } from "~/modules/time/calendar";
import { planDayProblem } from "~/modules/time/date-range";
import { weekdays, type WeekHours, type Weekday } from "~/modules/availability/opening-hours";

/*
 * The rules of a place as an admin enters it (docs/domain.md#places). Shared by the browser and
 * the server: messages are i18n keys.
 */

export const PLACE_NAME_MAX = 120;
export const PLACE_ADDRESS_MAX = 250;
export const TIME_ZONE_MAX = 64;
/** Counter instructions per language (docs/domain.md#voucher): a few sentences. */
export const COUNTER_MAX = 500;
export const placeKinds = ["airport", "city"] as const;

export const placeMessages = {
  latitude: "adminPlaces:validation.latitude",
  longitude: "adminPlaces:validation.longitude",
  timeZone: "adminPlaces:validation.timeZone",
  time: "adminPlaces:validation.time",
  timesMissing: "adminPlaces:validation.timesMissing",
  closeBeforeOpen: "adminPlaces:validation.closeBeforeOpen",
  closedDates: "adminPlaces:validation.closedDates",
  tooManyClosedDates: "adminPlaces:validation.tooManyClosedDates",
  outOfHoursFee: "adminPlaces:validation.outOfHoursFee",
} as const;

/** How a place hands cars over: at any hour (no hours set), or within its weekly hours (docs/domain.md#opening-hours). */
export const hoursModes = ["always", "weekly"] as const;
/** A year of holidays and then some; a longer list is a mistake. */
export const CLOSED_DATES_MAX = 100;
/** The largest out-of-hours fee, in cents ($10,000); the database checks a wider bound. */
export const OUT_OF_HOURS_FEE_MAX_CENTS = 1_000_000;

/** A clock time as a time input sends it: "06:00" … "23:59". */
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The names of a weekday's three fields: "monOpen", "monClose", "monClosed". */
export const dayFields = (day: Weekday) =>
  ({ open: `${day}Open`, close: `${day}Close`, closed: `${day}Closed` }) as const;

/** An opening or closing time: empty is allowed here, whether it must be given is the week's rule below. */
const clockTime = () =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || CLOCK_TIME.test(value), placeMessages.time);

const dayShape = Object.fromEntries(
  weekdays.flatMap((day) => {
    const names = dayFields(day);
    return [
      [names.open, clockTime()],
      [names.close, clockTime()],
      [names.closed, z.boolean().optional()],
    ];
  }),
) as Record<`${Weekday}${"Open" | "Close"}`, ReturnType<typeof clockTime>> &
  Record<`${Weekday}Closed`, z.ZodOptional<z.ZodBoolean>>;

/**
 * Holidays typed one per line (spaces or commas also separate them), as YYYY-MM-DD: kept once
 * each, in calendar order.
 */
const closedDatesField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const dates = (text ?? "").split(/[\s,;]+/).filter((date) => date !== "");
    // Closed days plan the place's service (docs/domain.md#date-range): real days, at most a few years ahead.
    const today = appToday();
    const problems = dates.map((date) => planDayProblem(date, today));
    if (problems.includes("invalid")) {
      ctx.addIssue({ code: "custom", message: placeMessages.closedDates });
      return z.NEVER;
    }
    if (problems.includes("tooFar")) {
      ctx.addIssue({ code: "custom", message: messages.dateTooFar });
      return z.NEVER;
    }
    const unique = [...new Set(dates)].sort();
    if (unique.length > CLOSED_DATES_MAX) {
      ctx.addIssue({ code: "custom", message: placeMessages.tooManyClosedDates });
      return z.NEVER;
    }
    return unique;
  });

/** The out-of-hours fee in dollars as typed, held in cents; empty: no out-of-hours service (null). $0 offers it free. */
const outOfHoursFeeField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === "") return null;
    const cents = parseDollars(text);
    if (cents === null || cents > OUT_OF_HOURS_FEE_MAX_CENTS) {
      ctx.addIssue({ code: "custom", message: placeMessages.outOfHoursFee });
      return z.NEVER;
    }
    return cents;
  });

/** Offered first in the time-zone field (any other IANA name may be typed): the country's and its neighbours'. */
export const suggestedTimeZones = [
  "America/Caracas",
  "America/Bogota",
  "America/Panama",
  "America/Santo_Domingo",
  "America/Puerto_Rico",
  "America/Port_of_Spain",
  "America/Curacao",
  "America/Manaus",
  "America/Boa_Vista",
  "America/Guyana",
  "America/New_York",
  "Europe/Madrid",
  "Europe/Lisbon",
  "Atlantic/Canary",
  "Europe/Paris",
  "Europe/Athens",
  "UTC",
] as const;

/** IANA names are `Area/Location[/More]` or `UTC`-like words; offsets such as "+04:00" are not zones of a place. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * The canonical spelling of an IANA time zone the platform knows ("america/caracas" →
 * "America/Caracas"), or null. Intl is the judge because it is what converts the place's
 * wall-clock times (app/modules/time/zoned-time.ts).
 */
export function canonicalTimeZone(value: string): string | null {
  const name = value.trim();
  if (!ZONE_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A coordinate in degrees within ±`limit`; an empty field is "Please fill in", anything else wrong the range message. */
const coordinate = (limit: number, message: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : message) })
    .min(-limit, message)
    .max(limit, message);

/** Where to meet at the counter, several lines allowed; nothing typed is "". */
const counterText = () => optionalText(COUNTER_MAX, { multiline: true }).transform((value) => value ?? "");

export const placeSchema = z
  .object({
    nameEs: requiredText(PLACE_NAME_MAX),
    nameEn: requiredText(PLACE_NAME_MAX),
    nameFr: requiredText(PLACE_NAME_MAX),
    nameEl: requiredText(PLACE_NAME_MAX),
    address: requiredText(PLACE_ADDRESS_MAX),
    kind: z.enum(placeKinds, { error: messages.required }),
    timeZone: requiredText(TIME_ZONE_MAX)
      .refine((value) => canonicalTimeZone(value) !== null, placeMessages.timeZone)
      .transform((value) => canonicalTimeZone(value)!),
    // Optional, each language on its own (docs/domain.md#voucher); an empty one is stored as "".
    counterEs: counterText(),
    counterEn: counterText(),
    counterFr: counterText(),
    counterEl: counterText(),
    latitude: coordinate(90, placeMessages.latitude),
    longitude: coordinate(180, placeMessages.longitude),
    hoursMode: z.enum(hoursModes, { error: messages.required }),
    ...dayShape,
    closedDates: closedDatesField,
    outOfHoursFee: outOfHoursFeeField,
  })
  // A weekly place needs, for each day not closed, both times with the closing after the opening.
  .superRefine((value, ctx) => {
    if (value.hoursMode !== "weekly") return;
    for (const day of weekdays) {
      const names = dayFields(day);
      if (value[names.closed]) continue;
      const open = value[names.open];
      const close = value[names.close];
      if (!open || !close)
        ctx.addIssue({ code: "custom", path: [open ? names.close : names.open], message: placeMessages.timesMissing });
      else if (close <= open)
        ctx.addIssue({ code: "custom", path: [names.close], message: placeMessages.closeBeforeOpen });
    }
  });

export type PlaceValues = z.output<typeof placeSchema>;

/** The week a valid form sets: null for a place open at any hour (its day fields are then ignored). */
export function weekOf(values: PlaceValues): WeekHours | null {
  if (values.hoursMode !== "weekly") return null;
  return Object.fromEntries(
    weekdays.map((day) => {
      const names = dayFields(day);
      const open = values[names.open];
      const close = values[names.close];
      return [day, values[names.closed] || !open || !close ? null : { open, close }];
    }),
  ) as WeekHours;
}

/** What a place's form stores: its fields, the hours as the columns hold them (docs/domain.md#opening-hours). */
export type PlaceColumns = Pick<
  PlaceValues,
  | "nameEs"
  | "nameEn"
  | "nameFr"
  | "nameEl"
  | "address"
  | "kind"
  | "timeZone"
  | "counterEs"
  | "counterEn"
  | "counterFr"
  | "counterEl"
  | "latitude"
  | "longitude"
  | "closedDates"
> & { openingHours: WeekHours | null; outOfHoursFeeCents: number | null };

/** A valid form's values as the place's columns. */
export function placeColumns(values: PlaceValues): PlaceColumns {
  return {
    nameEs: values.nameEs,
    nameEn: values.nameEn,
    nameFr: values.nameFr,
    nameEl: values.nameEl,
    address: values.address,
    kind: values.kind,
    timeZone: values.timeZone,
    counterEs: values.counterEs,
    counterEn: values.counterEn,
    counterFr: values.counterFr,
    counterEl: values.counterEl,
    latitude: values.latitude,
    longitude: values.longitude,
    openingHours: weekOf(values),
    closedDates: values.closedDates,
    outOfHoursFeeCents: values.outOfHoursFee,
  };
}

/** A place's stored hours as the form's text fields hold them (a day without hours shows as closed). */
export function hoursFormDefaults(place: {
  openingHours: WeekHours | null;
  closedDates: readonly string[];
  outOfHoursFeeCents: number | null;
}): Record<string, string> {
  const fields: Record<string, string> = {
    hoursMode: place.openingHours ? "weekly" : "always",
    closedDates: place.closedDates.join("\n"),
    outOfHoursFee: place.outOfHoursFeeCents === null ? "" : dollarsInput(place.outOfHoursFeeCents),
  };
  for (const day of weekdays) {
    const names = dayFields(day);
    const hours = place.openingHours?.[day];
    if (hours) Object.assign(fields, { [names.open]: hours.open, [names.close]: hours.close });
    else if (place.openingHours) fields[names.closed] = "on";
  }
  return fields;
}

/** A point on the map, in degrees. */
export type Position = { latitude: number; longitude: number };

/** Coordinates are kept to 6 decimals (about 10 cm): what the map picks and the list shows. */
export const roundCoordinate = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
