import { pgEnum } from "drizzle-orm/pg-core";

export const userTypes = ["admin", "supplier", "enterprise", "user"] as const;
export const recordStatuses = ["active", "deleted"] as const;
export const fuelTypes = ["diesel", "gasoline", "electric", "hybrid", "plugInHybrid", "unknown"] as const;
export const gearboxes = ["manual", "automatic"] as const;
export const fuelPolicies = ["likeForlike", "freeTank"] as const;
export const availabilities = ["available", "unavailable"] as const;
export const bookingStatuses = ["void", "pending", "deposit", "paid", "reserved", "cancelled", "deleted"] as const;
export const blockingStatuses = ["void", "pending", "deposit", "paid", "reserved"] as const;
export const paymentMethods = [
  "cardPayment",
  "payLater",
  "mobilePayment",
  "walletPayment",
  "Cash",
  "PointOfSell",
  "binancePay",
  "zelle",
  "bankTransfer",
] as const;
export const paymentStatuses = ["pending", "succeeded", "failed", "rejected"] as const;
export const tokenKinds = ["activation", "reset"] as const;
export const outboxStatuses = ["pending", "relayed", "done", "failed"] as const;
export const locationKinds = ["airport", "city"] as const;
/** ACRISS-style car categories (docs/domain.md#car-categories), smallest first. */
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
/** How a car's security deposit is taken (docs/domain.md#deposit). */
export const depositMethods = ["cardHold", "cash", "cardHoldOrCash"] as const;
/**
 * How the deposit was actually taken at the pick-up (docs/domain.md#pick-up), and how a deposit
 * ledger entry moved the money (docs/domain.md#deposit-ledger): cash dollars, pago móvil, USDT, a
 * bank transfer, besides the card.
 */
export const depositTakenMethods = [
  "cardHold",
  "cash",
  "pointOfSale",
  "mobilePayment",
  "usdt",
  "bankTransfer",
] as const;
/** What a deposit ledger entry records (docs/domain.md#deposit-ledger). */
export const depositEntryKinds = ["received", "refunded", "retained"] as const;
/**
 * A card deposit hold's life (docs/domain.md#card-deposit-hold): `open` until the driver authorises
 * the card, `held`, then `captured` (in part or in full) or `released`; `expired` when the card's
 * authorisation lapsed uncaptured; `failed` when the card was declined or the page left.
 */
export const depositHoldStatuses = ["open", "held", "captured", "released", "expired", "failed"] as const;
/** A rental's life after the booking (docs/domain.md#pick-up): the car is out, back, or its bill settled. */
export const rentalStates = ["out", "returned", "closed"] as const;
/** When a car is walked around (docs/domain.md#inspection): as it goes out (pick-up) or comes in (return). */
export const inspectionPhases = ["out", "in"] as const;
/** Where a damage mark is on the car (docs/domain.md#inspection); the outline's regions plus the wheels and the inside. */
export const damageAreas = [
  "front",
  "windscreen",
  "roof",
  "rearWindow",
  "rear",
  "leftSide",
  "rightSide",
  "wheels",
  "interior",
] as const;
/** What a damage mark records (docs/domain.md#inspection). */
export const damageKinds = ["scratch", "dent", "crack", "missingPart", "other"] as const;
/**
 * Where a damage claim stands (docs/domain.md#damage-claims): opened by staff, disputed by the
 * driver, settled (accepted by the driver, or decided by an admin).
 */
export const claimStatuses = ["open", "disputed", "settled"] as const;
/** The driver's answer to a damage claim. */
export const claimResponses = ["accepted", "disputed"] as const;
/** Why a car is out of service (docs/domain.md#out-of-service). */
export const blockReasons = ["maintenance", "accident", "other"] as const;
/** Why an admin hid a review (docs/domain.md#reviews): a fixed list. */
export const reviewHiddenReasons = ["personalData", "abuse", "offTopic", "spam"] as const;

export const userType = pgEnum("user_type", userTypes);
export const recordStatus = pgEnum("record_status", recordStatuses);
export const fuelType = pgEnum("fuel_type", fuelTypes);
export const gearbox = pgEnum("gearbox", gearboxes);
export const fuelPolicy = pgEnum("fuel_policy", fuelPolicies);
export const availability = pgEnum("availability", availabilities);
export const bookingStatus = pgEnum("booking_status", bookingStatuses);
export const paymentMethod = pgEnum("payment_method", paymentMethods);
export const paymentStatus = pgEnum("payment_status", paymentStatuses);
export const tokenKind = pgEnum("token_kind", tokenKinds);
export const outboxStatus = pgEnum("outbox_status", outboxStatuses);
export const locationKind = pgEnum("location_kind", locationKinds);
export const carCategory = pgEnum("car_category", carCategories);
export const depositMethod = pgEnum("deposit_method", depositMethods);
export const blockReason = pgEnum("block_reason", blockReasons);
export const depositTaken = pgEnum("deposit_taken", depositTakenMethods);
export const rentalState = pgEnum("rental_state", rentalStates);
export const depositEntryKind = pgEnum("deposit_entry_kind", depositEntryKinds);
export const depositHoldStatus = pgEnum("deposit_hold_status", depositHoldStatuses);
export const inspectionPhase = pgEnum("inspection_phase", inspectionPhases);
export const damageArea = pgEnum("damage_area", damageAreas);
export const damageKind = pgEnum("damage_kind", damageKinds);
export const claimStatus = pgEnum("claim_status", claimStatuses);
export const claimResponse = pgEnum("claim_response", claimResponses);

export type UserType = (typeof userTypes)[number];
export type FuelType = (typeof fuelTypes)[number];
export type Gearbox = (typeof gearboxes)[number];
export type FuelPolicy = (typeof fuelPolicies)[number];
export type CarCategory = (typeof carCategories)[number];
export type BookingStatus = (typeof bookingStatuses)[number];
export type PaymentMethod = (typeof paymentMethods)[number];
export const reviewHiddenReason = pgEnum("review_hidden_reason", reviewHiddenReasons);
