import { messages } from "~/modules/forms/messages";
import { dollarsInput, parseDollars } from "~/modules/forms/money";
import type { ProtectionKey } from "~/modules/pricing/cover";
import type { OptionKey } from "~/modules/pricing/pricing";
import { carFormMessages, carLimits } from "./car-limits";

/*
 * A car's options in the car form (docs/domain.md#price, docs/domain.md#cover): each one's radio
 * choice and price field, a protection's excess, and their translation to and from the stored cents.
 */

/** What an option's radio buttons say; stored as -1, 0 or the price in cents (docs/domain.md#price). */
export const optionKinds = ["unavailable", "included", "price"] as const;
export type OptionKind = (typeof optionKinds)[number];

export const optionKindField = (key: OptionKey) => `${key}Kind` as const;
export const optionPriceField = (key: OptionKey) => `${key}Price` as const;
/** A protection option's excess, asked beside its price (docs/domain.md#cover). */
export const excessField = (key: ProtectionKey) => `${key}Excess` as const;

/**
 * The price an option's text field holds when its kind is "price": cents > 0, or the message
 * explaining why not. An option's price is read only when that kind is chosen.
 */
export function optionPriceIssue(text: unknown): string | null {
  if (typeof text !== "string" || text.trim() === "") return messages.required;
  const cents = parseDollars(text);
  if (cents === null) return carFormMessages.money;
  if (cents === 0) return carFormMessages.optionPricePositive;
  if (cents > carLimits.moneyMaxCents) return carFormMessages.moneyTooHigh;
  return null;
}

/** An offered protection's excess: dollars ≥ 0 (0: no excess), required. */
export function excessIssue(text: unknown): string | null {
  if (typeof text !== "string" || text.trim() === "") return messages.required;
  const cents = parseDollars(text);
  if (cents === null) return carFormMessages.money;
  if (cents > carLimits.moneyMaxCents) return carFormMessages.moneyTooHigh;
  return null;
}

/** The excess a protection's field holds: its cents when the option is offered, else 0. */
export function excessCents(kind: unknown, text: unknown): number {
  return kind === "included" || kind === "price" ? (parseDollars(typeof text === "string" ? text : "") ?? 0) : 0;
}

/** -1 unavailable, 0 included, the price in cents otherwise (docs/domain.md#price). */
export function optionCents(kind: OptionKind, price: string | undefined): number {
  if (kind === "unavailable") return -1;
  if (kind === "included") return 0;
  return parseDollars(price ?? "") ?? -1;
}

/** An option's stored cents as its radio choice and price text. */
export function optionChoice(cents: number): { kind: OptionKind; price: string } {
  if (cents < 0) return { kind: "unavailable", price: "" };
  if (cents === 0) return { kind: "included", price: "" };
  return { kind: "price", price: dollarsInput(cents) };
}
