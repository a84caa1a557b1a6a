import { z } from "zod";
import { optionalText } from "~/modules/forms/fields";

/*
 * What the rental agreement needs to know about a car (docs/domain.md#fleet-data): its number
 * plate, and optionally its VIN, colour and year. Pure, shared by the browser and the server.
 */

export const fleetDataMessages = {
  plate: "adminCars:errors.plate",
  plateTaken: "adminCars:errors.plateTaken",
  vin: "adminCars:errors.vin",
  year: "adminCars:errors.year",
} as const;

export const COLOUR_MAX = 40;
/** The oldest model year accepted; the newest is next year's (models are sold a year ahead). */
export const FIRST_YEAR = 1950;

/**
 * A plate as stored: trimmed, upper case, runs of spaces as one, or null when it is not a plate:
 * 4 to 8 letters and digits (Venezuelan plates are 7, "AB123CD"; older ones 6), at least one of
 * each, with spaces or dashes between them allowed.
 */
export function normalizePlate(input: string): string | null {
  const plate = input.trim().toUpperCase().replace(/\s+/g, " ");
  if (!/^[A-Z0-9]+(?:[ -][A-Z0-9]+)*$/.test(plate)) return null;
  const key = plateKey(plate);
  return key.length >= 4 && key.length <= 8 && /[A-Z]/.test(key) && /\d/.test(key) ? plate : null;
}

/** What two plates are compared by: upper case, letters and digits only ("ab-123 cd" → "AB123CD"). */
export const plateKey = (plate: string) => plate.toUpperCase().replace(/[^A-Z0-9]/g, "");

/**
 * A VIN (ISO 3779) as stored, upper case without spaces, or null: 17 letters and digits, never
 * I, O or Q (they read as 1 and 0). The check digit (9th) is only a North American rule, so it
 * is not required.
 */
export function normalizeVin(input: string): string | null {
  const vin = input.replace(/[\s-]/g, "").toUpperCase();
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) ? vin : null;
}

/** The newest model year a car may have at `now`. */
export const lastYear = (now = new Date()) => now.getUTCFullYear() + 1;

const optionalInput = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** The form fields of a car's agreement data; each empty one is null. */
export const fleetDataFields = {
  plate: optionalInput.pipe(
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return null;
        const plate = normalizePlate(value);
        if (plate === null) ctx.addIssue({ code: "custom", message: fleetDataMessages.plate });
        return plate;
      }),
  ),
  vin: optionalInput.pipe(
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return null;
        const vin = normalizeVin(value);
        if (vin === null) ctx.addIssue({ code: "custom", message: fleetDataMessages.vin });
        return vin;
      }),
  ),
  colour: optionalText(COLOUR_MAX).transform((value) => value || null),
  year: z
    .number({ error: fleetDataMessages.year })
    .int(fleetDataMessages.year)
    .min(FIRST_YEAR, fleetDataMessages.year)
    .refine((year) => year <= lastYear(), fleetDataMessages.year)
    .optional()
    .transform((value) => value ?? null),
};

export type FleetData = { plate: string | null; vin: string | null; colour: string | null; year: number | null };
