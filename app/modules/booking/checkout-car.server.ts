import { and, eq, sql } from "drizzle-orm";
import type { SupplierLimits } from "~/modules/availability/limits";
import { excessOf, type Excess } from "~/modules/pricing/cover";
import { optionKeys, type Deposit, type OptionKey } from "~/modules/pricing/pricing";
import { scoreOf, type Score } from "~/modules/catalogue/supplier-score";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { youngDriverRule, type YoungDriverRule } from "./young-driver";
import { isRowId } from "~/utils/row-id";

/*
 * The car a checkout books, with its supplier's rental terms: read for the checkout page and the
 * API's car, and again inside the booking's transaction (create-booking.server.ts).
 */

const { cars, suppliers } = schema;

export type CheckoutCar = {
  id: number;
  name: string;
  image: string | null;
  supplierId: number;
  supplierName: string;
  supplierLogo: string | null;
  /** The supplier's score from its published reviews (docs/domain.md#reviews). */
  supplierScore: Score;
  /** Whether the supplier lets drivers pay at the counter. */
  payLaterAllowed: boolean;
  dailyPriceCents: number;
  /** Longer-rental daily prices (docs/domain.md#long-rental-rates); null when the car has none. */
  weeklyDailyPriceCents: number | null;
  monthlyDailyPriceCents: number | null;
  payLaterFeePercent: number;
  minimumAge: number;
  depositCents: number;
  /** The deposit and how it is taken, carried into the booking's breakdown (docs/domain.md#deposit). */
  deposit: Deposit;
  /** What each protection leaves the driver to pay (docs/domain.md#cover). */
  excess: Excess;
  /** Cents per option: −1 not offered, 0 included, > 0 its price (docs/domain.md#price). */
  options: Record<OptionKey, number>;
  locationIds: number[];
  /** The supplier's minimum notice and minimum days (docs/domain.md#rental-limits). */
  limits: SupplierLimits;
  /** The supplier's fee for a drop-off at another place than the pick-up; 0: none (docs/domain.md#fees). */
  oneWayFeeCents: number;
  /** The young driver fee, the car's or else its supplier's, or null when none (docs/domain.md#young-driver-fee). */
  youngDriver: YoungDriverRule | null;
};

const optionColumns = {
  cancellation: cars.cancellationCents,
  gps: cars.gpsCents,
  homeDelivery: cars.homeDeliveryCents,
  babyChair: cars.babyChairCents,
  theftProtection: cars.theftProtectionCents,
  collisionDamageWaiver: cars.collisionDamageWaiverCents,
  fullInsurance: cars.fullInsuranceCents,
  additionalDriver: cars.additionalDriverCents,
} as const satisfies Record<OptionKey, unknown>;

const carFields = {
  id: cars.id,
  name: cars.name,
  image: cars.image,
  supplierId: cars.supplierId,
  supplierName: suppliers.name,
  supplierLogo: suppliers.logo,
  supplierReviewCount: suppliers.reviewCount,
  supplierReviewSum: suppliers.reviewSum,
  payLaterAllowed: suppliers.payLater,
  minimumNoticeHours: suppliers.minimumNoticeHours,
  minimumDays: suppliers.minimumDays,
  oneWayFeeCents: suppliers.oneWayFeeCents,
  youngDriverAge: suppliers.youngDriverAge,
  youngDriverFeeCents: suppliers.youngDriverFeeCents,
  carYoungDriverFeeCents: cars.youngDriverFeeCents,
  dailyPriceCents: cars.dailyPriceCents,
  weeklyDailyPriceCents: cars.weeklyDailyPriceCents,
  monthlyDailyPriceCents: cars.monthlyDailyPriceCents,
  payLaterFeePercent: cars.payLaterFeePercent,
  minimumAge: cars.minimumAge,
  depositCents: cars.depositCents,
  depositMethod: cars.depositMethod,
  collisionDamageWaiverExcessCents: cars.collisionDamageWaiverExcessCents,
  theftProtectionExcessCents: cars.theftProtectionExcessCents,
  fullInsuranceExcessCents: cars.fullInsuranceExcessCents,
  ...optionColumns,
  // In the car's own query: one round trip less per checkout page and per booking.
  locationIds: sql<
    number[]
  >`array(select cl.location_id from car_locations cl where cl.car_id = "cars"."id" order by cl.location_id)`,
};

/** A car that is not deleted and whose supplier is active, with its rental terms. */
export async function findCar(executor: Executor, carId: number): Promise<CheckoutCar | null> {
  if (!isRowId(carId)) return null;
  const [row] = await executor
    .select(carFields)
    .from(cars)
    .innerJoin(suppliers, eq(suppliers.id, cars.supplierId))
    .where(
      and(eq(cars.id, carId), eq(cars.status, "active"), eq(suppliers.active, true), eq(suppliers.status, "active")),
    )
    // In the booking transaction, a back-office delete (which locks the car FOR UPDATE before
    // counting its bookings) either waits for this booking or is seen here as deleted
    // (docs/domain.md#fleet).
    .for("share", { of: cars });
  if (!row) return null;
  const options = Object.fromEntries(optionKeys.map((key) => [key, row[key]])) as Record<OptionKey, number>;
  const {
    id,
    name,
    image,
    supplierId,
    supplierName,
    supplierLogo,
    payLaterAllowed,
    dailyPriceCents,
    weeklyDailyPriceCents,
    monthlyDailyPriceCents,
    payLaterFeePercent,
    minimumAge,
    depositCents,
    locationIds,
  } = row;
  return {
    id,
    name,
    image,
    supplierId,
    supplierName,
    supplierLogo,
    supplierScore: scoreOf(row.supplierReviewCount, row.supplierReviewSum),
    payLaterAllowed,
    dailyPriceCents,
    weeklyDailyPriceCents,
    monthlyDailyPriceCents,
    payLaterFeePercent,
    minimumAge,
    depositCents,
    deposit: { cents: depositCents, method: row.depositMethod },
    excess: excessOf(row),
    options,
    locationIds,
    limits: { minimumNoticeHours: row.minimumNoticeHours, minimumDays: row.minimumDays },
    oneWayFeeCents: row.oneWayFeeCents ?? 0,
    youngDriver: youngDriverRule(row.youngDriverAge, row.youngDriverFeeCents, row.carYoungDriverFeeCents),
  };
}

/** For the checkout page's GET: the car with what the page shows, or null when it is gone or inactive. */
export async function loadCheckoutCar(carId: number): Promise<CheckoutCar | null> {
  return findCar(await getDb(), carId);
}
