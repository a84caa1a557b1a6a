import { MINIMUM_DRIVER_AGE } from "~/modules/user/age";

/*
 * The car form's bounds and the messages it answers with (docs/domain.md#fleet): read by the
 * form's fields and checks, and by the server's save, which refuses with the same messages.
 */

export const carLimits = {
  nameMax: 120,
  /** $100,000: more than any car's day or deposit, far below the integer columns' range. */
  moneyMaxCents: 10_000_000,
  minimumAge: { min: MINIMUM_DRIVER_AGE, max: 99 },
  seats: { min: 1, max: 60 },
  doors: { min: 1, max: 9 },
  /** Large suitcases (docs/domain.md#car-categories): a van's boot holds about 10. */
  bags: { min: 0, max: 20 },
  payLaterFeePercent: { min: 0, max: 100 },
  mileageKm: { min: 1, max: 100_000 },
  /** The price of a kilometre beyond the allowance: up to $100 (docs/domain.md#final-bill). */
  extraKmMaxCents: 10_000,
  /** The same cap as every upload (`IMAGE_MAX_BYTES`, a unit test holds them equal); checked before sending too. */
  imageMaxBytes: 5 * 1024 * 1024,
  /** The stored picture: 300×200, cropped to fill (docs/domain.md#limits). */
  image: { width: 300, height: 200 },
} as const;

/** i18n keys of the form's own messages; the required-field ones are the shared "Please fill in the field: …". */
export const carFormMessages = {
  money: "adminCars:errors.money",
  moneyTooHigh: "adminCars:errors.moneyTooHigh",
  dailyPricePositive: "adminCars:errors.dailyPricePositive",
  longRatePositive: "adminCars:errors.longRatePositive",
  optionPricePositive: "adminCars:errors.optionPricePositive",
  minimumAge: "adminCars:errors.minimumAge",
  seats: "adminCars:errors.seats",
  doors: "adminCars:errors.doors",
  bags: "adminCars:errors.bags",
  payLaterFeePercent: "adminCars:errors.payLaterFeePercent",
  youngDriverFee: "adminSuppliers:rules.youngDriverFeeRange",
  mileageKm: "adminCars:errors.mileageKm",
  extraKm: "adminCars:errors.extraKm",
  unknownSupplier: "adminCars:errors.unknownSupplier",
  unknownPlace: "adminCars:errors.unknownPlace",
  supplierHasBookings: "adminCars:errors.supplierHasBookings",
  heldByBookings: "adminCars:errors.heldByBookings",
  fullIncludesPart: "adminCars:errors.fullIncludesPart",
  fullExcessHigher: "adminCars:errors.fullExcessHigher",
  imageRequired: "adminCars:image.required",
  imageTooLarge: "adminCars:image.tooLarge",
  imageNotImage: "adminCars:image.notImage",
  imageTooManyPixels: "adminCars:image.tooManyPixels",
  imageEmpty: "adminCars:image.empty",
  imageBusy: "adminCars:image.busy",
} as const;

/** Why processImage refused an upload, as the message the form shows. */
export const imageRefusalMessages = {
  empty: carFormMessages.imageEmpty,
  tooLarge: carFormMessages.imageTooLarge,
  notImage: carFormMessages.imageNotImage,
  tooManyPixels: carFormMessages.imageTooManyPixels,
  busy: carFormMessages.imageBusy,
} as const;
