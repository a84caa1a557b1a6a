import { z } from "zod";
import { carCategories, fuelPolicies, fuelTypes, gearboxes } from "~/modules/catalogue/car-enums";
import {
  bagMinimums,
  carSpecs,
  depositLimits,
  filterParams,
  mileageKinds,
  SORT_PARAM,
  sortOrders,
} from "~/modules/catalogue/filters";
import { CARS_PER_PAGE, MAX_CARS_PER_PAGE, MAX_PAGE, searchParamNames } from "~/modules/catalogue/search-query";
import { onlineMethods } from "~/modules/booking/methods";
import { optionKeys } from "~/modules/pricing/pricing";
import { SCORE_MIN_REVIEWS } from "~/modules/catalogue/supplier-score";
import { defineOperation } from "../operation";
import { pictureUrl } from "../schemas";
import { hoursRefusalSchema, weekHoursSchema } from "../hours";
import { idParams, localDateTime, pageSizeQuery } from "./shared";

/*
 * The catalogue as a mobile client reads it (docs/architecture.md#resources): places, suppliers,
 * the search of /search and one car. Public: no sign-in needed.
 */

const tag = "Catalogue";

export const locationSchema = z
  .object({
    id: z.number().int(),
    name: z.string().meta({ description: "In the caller's language." }),
    kind: z.enum(["airport", "city"]),
    address: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    timeZone: z.string().meta({
      description: "IANA zone: `from`/`to` of a search or a booking at this place are wall-clock times on its clock.",
    }),
    openingHours: weekHoursSchema,
    closedDates: z.array(z.string().meta({ examples: ["2027-12-25"] })).meta({
      description:
        "The coming dates (`YYYY-MM-DD` on the place's calendar, today included, earliest first) it is closed all day, whatever its weekday's hours.",
    }),
    outOfHoursFeeCents: z.number().int().nullable().meta({
      description:
        "US dollar cents a pick-up or drop-off outside the hours (or on a closed day) costs, added to the rental's total as a fee; null: the place offers no out-of-hours service and such a handover is refused (400 `outsideHours`). Docs/domain.md#opening-hours.",
    }),
  })
  .meta({ id: "Location" });

export const listLocations = defineOperation({
  id: "listLocations",
  method: "GET",
  path: "/api/locations",
  tag,
  summary: "Pick-up and drop-off places",
  description:
    "Every place, named in the caller's language and sorted by that name, as the search form lists them, with its opening hours, coming closed dates and out-of-hours fee (docs/domain.md#opening-hours).",
  auth: "none",
  responses: { 200: { description: "The places.", schema: z.object({ locations: z.array(locationSchema) }) } },
  errors: [],
});

/** A supplier's score (docs/domain.md#reviews), as the supplier list shows it. */
export const supplierScoreSchema = z
  .object({
    count: z.number().int().meta({ description: "Its published reviews (hidden ones left out)." }),
    average: z
      .number()
      .min(1)
      .max(5)
      .nullable()
      .meta({
        description: `The average of their overall stars (1 to 5), to one decimal; null below ${SCORE_MIN_REVIEWS} reviews, which reads "new".`,
      }),
  })
  .meta({
    id: "SupplierScore",
    description:
      "Computed from the supplier's published reviews of verified renters, never typed (docs/domain.md#reviews).",
  });

export const supplierSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    logo: pictureUrl("The supplier's logo, or null."),
    carCount: z.number().int().meta({ description: "Cars it offers." }),
    mainLocationId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The place with most of its cars: where a search of its cars may start." }),
    score: supplierScoreSchema,
  })
  .meta({ id: "Supplier" });

export const listSuppliers = defineOperation({
  id: "listSuppliers",
  method: "GET",
  path: "/api/suppliers",
  tag,
  summary: "Active suppliers",
  description:
    "The active suppliers with the size of their fleet and their score, as /suppliers shows them; their ids are the `supplier` filter of the search. Their reviews: `GET /api/suppliers/{id}/reviews`.",
  auth: "none",
  responses: {
    200: { description: "The suppliers, by name.", schema: z.object({ suppliers: z.array(supplierSchema) }) },
  },
  errors: [],
});

const optionPricesSchema = z
  .object(
    Object.fromEntries(optionKeys.map((key) => [key, z.number().int()])) as Record<
      (typeof optionKeys)[number],
      z.ZodNumber
    >,
  )
  .meta({
    id: "OptionPrices",
    description:
      "US dollar cents (USD) per option (docs/domain.md#price): −1 not offered, 0 included, > 0 its price per day (cancellation: once for the rental).",
  });

export const carCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    image: pictureUrl("The car's picture, or null."),
    category: z.enum(carCategories).meta({ description: "ACRISS-style category (docs/domain.md#car-categories)." }),
    bags: z.number().int().meta({ description: "Large suitcases the boot holds." }),
    orSimilar: z
      .boolean()
      .meta({ description: "The supplier may hand over another car of the same category: show “name or similar”." }),
    dailyPriceCents: z.number().int(),
    totalCents: z.number().int().meta({
      description:
        "The rental for the searched period without options, paid online: its days at their rates (seasons, weekly or monthly price) and `fees` (docs/domain.md#price). The default order is by it.",
    }),
    fees: z
      .object({
        outOfHoursPickUp: z.number().int().optional(),
        outOfHoursDropOff: z.number().int().optional(),
        oneWay: z.number().int().optional(),
      })
      .meta({
        description:
          "The fees in `totalCents`, those above 0: the supplier's one-way fee when the drop-off is at another place, a handover outside a place's hours (docs/domain.md#fees).",
      }),
    depositCents: z.number().int(),
    seats: z.number().int(),
    doors: z.number().int(),
    aircon: z.boolean(),
    fuelType: z.enum(fuelTypes),
    gearbox: z.enum(gearboxes),
    mileage: z.number().int().meta({ description: "Kilometres included; −1 unlimited." }),
    fuelPolicy: z.enum(fuelPolicies),
    payLaterFeePercent: z.number().int(),
    options: optionPricesSchema,
    supplierId: z.number().int(),
    supplierName: z.string(),
    supplierLogo: pictureUrl("The supplier's logo, or null."),
    supplierScore: supplierScoreSchema,
  })
  .meta({ id: "CarCard" });

/** A repeatable filter: `?spec=aircon&spec=doors4`. */
const repeated = <T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z
    .union([z.enum(values), z.array(z.enum(values))])
    .optional()
    .meta({ description });

/*
 * The query of /search, documented. The handler reads the query string itself with the page's
 * own parser (parseSearchParams), so the same values give the same search and the same messages;
 * filters are lenient there too: unknown values are dropped, not refused.
 */
export const searchQuerySchema = z.object({
  [searchParamNames.pickup]: z
    .string()
    .max(12)
    .optional()
    .meta({ description: "Pick-up place id (required; the message says so when missing)." }),
  [searchParamNames.dropoff]: z
    .string()
    .max(12)
    .optional()
    .meta({ description: "Drop-off place id; the pick-up place when absent or when `same` is given." }),
  [searchParamNames.same]: z.string().optional().meta({ description: "Present: return to the pick-up place." }),
  [searchParamNames.from]: localDateTime
    .optional()
    .meta({ description: "Pick-up, wall-clock time on the pick-up place's clock: `2026-12-01T10:00`." }),
  [searchParamNames.to]: localDateTime.optional().meta({ description: "Drop-off, the same way." }),
  [searchParamNames.page]: z
    .string()
    .optional()
    .meta({ description: `Page, 1 to ${MAX_PAGE}; past the last page, the last page.` }),
  pageSize: pageSizeQuery(CARS_PER_PAGE, MAX_CARS_PER_PAGE),
  [filterParams.suppliers]: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .meta({ description: "Supplier ids; repeat for several." }),
  [filterParams.specs]: repeated(carSpecs, "Air conditioning, 4+ doors, 5+ seats; repeat for several."),
  [filterParams.fuel]: repeated(fuelTypes, "Fuel types; repeat for several."),
  [filterParams.gearbox]: repeated(gearboxes, "Gearboxes; repeat for several."),
  [filterParams.mileage]: repeated(mileageKinds, "Limited or unlimited mileage."),
  [filterParams.fuelPolicy]: repeated(fuelPolicies, "Fuel policies; repeat for several."),
  [filterParams.deposit]: z
    .enum(depositLimits.map(String) as [string, ...string[]])
    .optional()
    .meta({ description: "Deposit at most this many dollars." }),
  [filterParams.category]: repeated(carCategories, "Car categories; repeat for several."),
  [filterParams.bags]: z
    .enum(bagMinimums.map(String) as [string, ...string[]])
    .optional()
    .meta({ description: "At least this many large bags." }),
  [SORT_PARAM]: z.enum(sortOrders).optional().meta({
    description:
      "Order (docs/domain.md#search-order): `total` (default) and `perDay` by the real total of the period (`totalCents`), lowest first, `supplier` by supplier name then that total, `seats` most seats first then that total. Unknown values give the default.",
  }),
  l: z.string().optional().meta({ description: "Language of names and messages: es, en, fr, el." }),
});

export const searchCars = defineOperation({
  id: "searchCars",
  method: "GET",
  path: "/api/cars/search",
  tag,
  summary: "Search cars for a place and period",
  description: [
    "The search of the `/search` page, with the same query parameters, filters and paging: the cars bookable at the pick-up place for the whole period, cheapest first unless `sort` says otherwise.",
    "",
    `\`total\` counts exactly up to 100 cars, then in steps of 100 with \`more: true\` (ADR 0005); \`pages\` are the pages known to hold cars. A page past the last gives the last page (the answer's \`page\` says which), and pages past ${MAX_PAGE} give page ${MAX_PAGE} at most.`,
    "",
    "A missing or invalid place or date answers 400 with the page's messages in `fields` (`pickup`, `dropoff`, `from`, `to`).",
    "",
    "Cars whose supplier asks more notice before pick-up or more rental days than the period gives, or that are out of service or still being prepared after a return, are left out (docs/domain.md#availability); when none is left, `leftOut` says which limits did it.",
    "",
    "A pick-up or drop-off time outside its place's opening hours is told as the page tells it (docs/domain.md#opening-hours): `outsideHours` when the place refuses it, `outOfHoursFees` (and each car's `fees`) when it charges for it.",
  ].join("\n"),
  auth: "none",
  query: searchQuerySchema,
  responses: {
    200: {
      description: "One page of cars.",
      schema: z.object({
        cars: z.array(carCardSchema),
        total: z.number().int(),
        more: z.boolean(),
        page: z.number().int(),
        pages: z.number().int(),
        pageSize: z.number().int(),
        days: z.number().int().meta({ description: "Rental days of the period (docs/domain.md#days)." }),
        pickupLocationId: z.number().int(),
        dropoffLocationId: z.number().int(),
        from: localDateTime,
        to: localDateTime,
        leftOut: z
          .object({
            minimumNoticeHours: z.number().int().nullable(),
            minimumDays: z.number().int().nullable(),
          })
          .nullable()
          .meta({
            description:
              "When no car was found: the least notice (hours before pick-up) and the least rental days asked by the suppliers whose free cars the period left out (docs/domain.md#rental-limits), each null when none was left out that way; null when cars were found.",
          }),
        outsideHours: hoursRefusalSchema
          .extend({
            message: z.string().meta({
              description: "The sentence the page shows and checkout answers, in the caller's language.",
            }),
          })
          .nullable()
          .meta({
            description:
              "When the searched pick-up or drop-off time falls outside its place's hours at a place that offers no out-of-hours service: the first such handover, as checkout will refuse it (400 `outsideHours`), with the page's warning; the cars are still listed, for other times. Null otherwise (docs/domain.md#opening-hours).",
          }),
        outOfHoursFees: z.object({ pickUp: z.number().int(), dropOff: z.number().int() }).meta({
          description:
            "US dollar cents each handover adds for being outside its place's hours at a place offering out-of-hours service, 0 within the hours; already in each car's `fees` and `totalCents`.",
        }),
      }),
    },
  },
  errors: [400],
  example: { query: { pickup: "1", from: "2027-03-10T10:00", to: "2027-03-13T10:00" } },
});

export const carDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    image: pictureUrl("The car's picture, or null."),
    supplierId: z.number().int(),
    supplierName: z.string(),
    supplierLogo: pictureUrl("The supplier's logo, or null."),
    supplierScore: supplierScoreSchema,
    dailyPriceCents: z.number().int(),
    payLaterFeePercent: z.number().int(),
    minimumAge: z.number().int().meta({
      description: "The car's own minimum; the driver must be at least max(21, this) (docs/domain.md#driver-age).",
    }),
    depositCents: z.number().int(),
    options: optionPricesSchema,
    locationIds: z.array(z.number().int()).meta({ description: "The places where it can be picked up." }),
    paymentMethods: z.array(z.enum(["payLater", ...onlineMethods])).meta({
      description:
        "The ways to pay for it now: `payLater` when its supplier allows it, then each configured online method.",
    }),
  })
  .meta({ id: "Car" });

export const getCar = defineOperation({
  id: "getCar",
  method: "GET",
  path: "/api/cars/{id}",
  tag,
  summary: "One car and its rental terms",
  description:
    "What checkout needs to know: prices, options, minimum age, places, the ways to pay. A car that is deleted or whose supplier is inactive is 404.",
  auth: "none",
  params: idParams,
  responses: { 200: { description: "The car.", schema: carDetailSchema } },
  errors: [404],
  example: { params: { id: "1" } },
});
