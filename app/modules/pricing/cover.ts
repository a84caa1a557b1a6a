import type { OptionKey } from "./pricing";

/*
 * Protection options and their excess (docs/domain.md#cover): what the driver still pays after
 * damage or theft with the cover chosen. Pure and shared with the browser: the back office's car
 * form checks these rules in the browser and on the server.
 */

export const protectionKeys = ["collisionDamageWaiver", "theftProtection", "fullInsurance"] as const;
export type ProtectionKey = (typeof protectionKeys)[number];

export const isProtection = (key: OptionKey): key is ProtectionKey =>
  (protectionKeys as readonly string[]).includes(key);

/** Excess in cents per protection option; 0 means none. */
export type Excess = Record<ProtectionKey, number>;

/** A car's excess columns (`collisionDamageWaiverExcessCents`, …) keyed by option. */
export function excessOf(car: { [K in ProtectionKey as `${K}ExcessCents`]: number }): Excess {
  return {
    collisionDamageWaiver: car.collisionDamageWaiverExcessCents,
    theftProtection: car.theftProtectionExcessCents,
    fullInsurance: car.fullInsuranceExcessCents,
  };
}

export type CoverConflict =
  /** Full insurance is included, so the covers it contains cannot be sold apart or missing. */
  | { rule: "fullIncludesPart"; option: "collisionDamageWaiver" | "theftProtection" }
  /** Full insurance cannot leave the driver a higher excess than a part of it. */
  | { rule: "fullExcessHigher"; option: "collisionDamageWaiver" | "theftProtection" };

/**
 * Contradictions between a car's protection options (values as stored: −1 not offered, 0
 * included, > 0 a price) and their excess. Full insurance contains the collision damage waiver and
 * theft protection: when it is included they are too, and its excess is never above theirs.
 */
export function coverConflicts(
  options: Pick<Record<OptionKey, number>, ProtectionKey>,
  excess: Excess,
): CoverConflict[] {
  const conflicts: CoverConflict[] = [];
  const full = options.fullInsurance;
  for (const part of ["collisionDamageWaiver", "theftProtection"] as const) {
    if (full === 0 && options[part] !== 0) conflicts.push({ rule: "fullIncludesPart", option: part });
    else if (full >= 0 && options[part] >= 0 && excess.fullInsurance > excess[part])
      conflicts.push({ rule: "fullExcessHigher", option: part });
  }
  return conflicts;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * What an option buys, as the checkout and the amendment form say it beside the box: the
 * protections with their excess, cancellation with what it allows; null for the other options.
 */
export function coverHelp(
  t: Translate,
  money: (cents: number) => string,
  key: OptionKey,
  excess: Excess,
): string | null {
  if (isProtection(key)) {
    const cents = excess[key];
    const amount = cents > 0 ? t("price:cover.excess", { amount: money(cents) }) : t("price:cover.noExcess");
    return `${t(`price:cover.explain.${key}`)} ${amount}.`;
  }
  return key === "cancellation" ? t("price:cover.explain.cancellation") : null;
}
