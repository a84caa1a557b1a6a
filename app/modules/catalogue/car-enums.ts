/**
 * The car enumerations (docs/domain.md#enumerations) for code that also runs in the browser, which must not
 * import db/schema (it would pull drizzle into the client bundle). A unit test holds
 * these lists equal to the database enums.
 */
export const fuelTypes = ["diesel", "gasoline", "electric", "hybrid", "plugInHybrid", "unknown"] as const;
export const gearboxes = ["manual", "automatic"] as const;
export const fuelPolicies = ["likeForlike", "freeTank"] as const;
/** docs/domain.md#car-categories */
export const carCategories = [
  "mini",
  "economy",
  "compact",
  "midsize",
  "fullsize",
  "premium",
  "suv",
  "van",
  "pickup",
] as const;

export type FuelType = (typeof fuelTypes)[number];
export type Gearbox = (typeof gearboxes)[number];
export type FuelPolicy = (typeof fuelPolicies)[number];
export type CarCategory = (typeof carCategories)[number];
