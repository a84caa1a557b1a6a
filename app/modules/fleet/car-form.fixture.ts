/** The car form as the browser posts it, and its parsing, for the car form's unit tests. */
import { parseWithZod } from "@conform-to/zod/v4";
import { expect } from "vitest";
import { optionKeys } from "~/modules/pricing/pricing";
import { carFormSchema, type CarFormOptions } from "./car-form";

const picture = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "car.png", { type: "image/png" });

/** A complete, valid form as the browser posts it: every option unavailable but GPS (priced) and cancellation (included). */
export function validForm(overrides: Record<string, string | string[] | File | null> = {}): FormData {
  const fields: Record<string, string | string[] | File | null> = {
    name: "Toyota Corolla",
    supplierId: "7",
    dailyPrice: "45.50",
    deposit: "250",
    depositMethod: "cardHold",
    payLaterFeePercent: "10",
    minimumAge: "25",
    seats: "5",
    doors: "4",
    aircon: "on",
    category: "midsize",
    bags: "3",
    orSimilar: "on",
    fuelType: "gasoline",
    gearbox: "automatic",
    fuelPolicy: "freeTank",
    mileageKind: "limited",
    mileageKm: "250",
    extraKm: "0.35",
    availability: "available",
    locationIds: ["3", "1", "3"],
    image: picture(),
    ...Object.fromEntries(optionKeys.map((key) => [`${key}Kind`, "unavailable"])),
    gpsKind: "price",
    gpsPrice: "3.25",
    cancellationKind: "included",
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}

export const admin: CarFormOptions = { pickSupplier: true, imageRequired: true };

export function parse(form: FormData, options: CarFormOptions = admin) {
  return parseWithZod(form, { schema: carFormSchema(options) });
}

export function errorsOf(form: FormData, options: CarFormOptions = admin) {
  const submission = parse(form, options);
  expect(submission.status).toBe("error");
  return submission.reply().error ?? {};
}
