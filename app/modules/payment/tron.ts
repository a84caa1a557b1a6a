/*
 * USDT (TRC20) on TRON: the rules that decide whether a transaction pays a booking
 * (docs/domain.md#payments). Pure and browser-safe; base58check addresses, which need
 * node:crypto, are in tron-address.server.ts.
 */

/** USDT has 6 decimals and is pegged 1:1 to the dollar: one cent is 10,000 base units. */
export const USDT_UNITS_PER_CENT = 10_000n;

/** keccak256("Transfer(address,address,uint256)"), the first topic of every TRC20 transfer log. */
export const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

const TX_ID = /^[0-9a-f]{64}$/;
const HEX = /^[0-9a-f]+$/;

/** A transaction id as wallets show it (any case, surrounding spaces, a `0x`) → 64 lower-case hex digits, or null. */
export function normalizeTxId(input: string): string | null {
  const value = input.trim().toLowerCase().replace(/^0x/, "");
  return TX_ID.test(value) ? value : null;
}

/** An amount in base units as wallets take it, with all 6 decimals: 120004317n → "120.004317". */
export function usdtUnits(units: bigint): string {
  return `${units / 1_000_000n}.${(units % 1_000_000n).toString().padStart(6, "0")}`;
}

/** Why a transaction pays nothing to anyone: it moved no USDT to our address. */
export type InvalidReason = "failed" | "noTransfer" | "wrongToken" | "wrongRecipient";
/** Why USDT that did reach our address does not pay this booking (docs/domain.md#usdt): staff see these. */
export type UnmatchedReason = "tooSmall" | "wrongAmount" | "tooEarly" | "tooLate" | "amountChanged";
export const unmatchedReasons: readonly UnmatchedReason[] = [
  "tooSmall",
  "wrongAmount",
  "tooEarly",
  "tooLate",
  "amountChanged",
];
export const invalidReasons: readonly (InvalidReason | UnmatchedReason)[] = [
  "failed",
  "noTransfer",
  "wrongToken",
  "wrongRecipient",
  ...unmatchedReasons,
];

/** USDT a transaction moved to our address: how much (base units), from whom (20-byte hex accounts), when (block time, ms). */
export type ReceivedTransfer = { amount: bigint; senders: string[]; blockTime: number };

export type UsdtVerdict =
  | { state: "pending" }
  | { state: "received"; transfer: ReceivedTransfer }
  | { state: "invalid"; reason: InvalidReason };

export type UsdtExpectation = {
  /** The token contract's 20-byte hex address (no `41` prefix), lower case. */
  contractHex: string;
  /** Our deposit address's 20-byte hex, lower case. */
  recipientHex: string;
};

type Log = { address: string; topics: string[]; data: string };

/** Log addresses come as 20-byte hex; tolerate a `41` or `0x` prefix and upper case. */
function address20(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const hex = value.toLowerCase().replace(/^0x/, "");
  if (!HEX.test(hex)) return null;
  if (hex.length === 40) return hex;
  return hex.length === 42 && hex.startsWith("41") ? hex.slice(2) : null;
}

function transferLogs(logs: unknown): Log[] {
  if (!Array.isArray(logs)) return [];
  return logs.filter((log): log is Log => {
    if (!log || typeof log !== "object") return false;
    const { topics, data } = log as Record<string, unknown>;
    return (
      Array.isArray(topics) &&
      topics.length >= 3 &&
      topics.every((t) => typeof t === "string" && HEX.test(t.toLowerCase())) &&
      String(topics[0]).toLowerCase() === TRANSFER_TOPIC &&
      typeof data === "string" &&
      data.length > 0 &&
      HEX.test(data.toLowerCase())
    );
  });
}

/**
 * Reads TronGrid's `/walletsolidity/gettransactioninfobyid` answer. An empty object is a
 * transaction the solidified chain does not know (yet): pending, never invalid, because it may
 * still be on its way. Otherwise it moved USDT to us only when it succeeded and carries Transfer
 * logs of the USDT contract to our address; several such transfers in one transaction add up.
 * Whether that pays a booking is `matchAttempt`'s question.
 */
export function readUsdtTransfer(info: unknown, expected: UsdtExpectation): UsdtVerdict {
  if (!info || typeof info !== "object" || typeof (info as { id?: unknown }).id !== "string")
    return { state: "pending" };
  const tx = info as { result?: unknown; receipt?: { result?: unknown }; log?: unknown; blockTimeStamp?: unknown };
  if (tx.result === "FAILED" || tx.receipt?.result !== "SUCCESS") return { state: "invalid", reason: "failed" };
  const transfers = transferLogs(tx.log);
  if (transfers.length === 0) return { state: "invalid", reason: "noTransfer" };
  const ofToken = transfers.filter((log) => address20(log.address) === expected.contractHex);
  if (ofToken.length === 0) return { state: "invalid", reason: "wrongToken" };
  const toUs = ofToken.filter((log) => log.topics[2].toLowerCase().slice(-40) === expected.recipientHex);
  if (toUs.length === 0) return { state: "invalid", reason: "wrongRecipient" };
  const amount = toUs.reduce((sum, log) => sum + BigInt(`0x${log.data}`), 0n);
  const senders = [...new Set(toUs.map((log) => log.topics[1].toLowerCase().slice(-40)))];
  // A block without a time cannot be placed in any attempt's window: it matches none.
  const blockTime = typeof tx.blockTimeStamp === "number" ? tx.blockTimeStamp : Number.NaN;
  return { state: "received", transfer: { amount, senders, blockTime } };
}

/** After an attempt's expiry its amount is still accepted this long: a transfer sent at the last minute may land in a later block. */
export const ATTEMPT_GRACE_MS = 10 * 60 * 1000;

export type AttemptWindow = { id: number; amountUnits: bigint; balanceCents: number; openedAt: Date; expiresAt: Date };

export type AttemptMatch =
  { state: "matched"; attempt: AttemptWindow } | { state: "unmatched"; reason: UnmatchedReason };

/**
 * Whether USDT received pays the booking whose attempts these are (docs/domain.md#usdt): it must
 * carry exactly one attempt's amount, in a block from the attempt's opening to its expiry plus
 * the grace, and that attempt's balance must still be the booking's. Amounts are unique among
 * attempts whose windows overlap, so at most one booking's attempt can match a transfer.
 */
export function matchAttempt(
  transfer: ReceivedTransfer,
  attempts: readonly AttemptWindow[],
  balanceCents: number,
): AttemptMatch {
  const sameAmount = attempts.filter((attempt) => attempt.amountUnits === transfer.amount);
  if (sameAmount.length === 0) {
    // Less than every amount asked for what is due now: the payer can tell they sent too little.
    const asked = attempts.filter((a) => a.balanceCents === balanceCents).map((a) => a.amountUnits);
    const least = asked.reduce(
      (min, units) => (units < min ? units : min),
      asked[0] ?? BigInt(balanceCents) * USDT_UNITS_PER_CENT,
    );
    return { state: "unmatched", reason: transfer.amount < least ? "tooSmall" : "wrongAmount" };
  }
  const at = transfer.blockTime;
  const attempt = sameAmount.find((a) => at >= a.openedAt.getTime() && at <= a.expiresAt.getTime() + ATTEMPT_GRACE_MS);
  if (!attempt)
    return {
      state: "unmatched",
      reason: sameAmount.every((a) => !(at >= a.openedAt.getTime())) ? "tooEarly" : "tooLate",
    };
  if (attempt.balanceCents !== balanceCents) return { state: "unmatched", reason: "amountChanged" };
  return { state: "matched", attempt };
}

/** Why a submitted USDT payment failed: the transaction is not a USDT transfer to us, matches no attempt, or never solidified in time. */
export type FailureReason = InvalidReason | UnmatchedReason | "timeout";

/** The provider references of USDT payments start with this. */
export const REFERENCE_PREFIX = "tron:";

/** The provider reference of a transaction that paid a booking: unique, so one transaction pays once. */
export const paidReference = (txId: string) => `${REFERENCE_PREFIX}${txId}`;
/**
 * The reference of a booking's claim on a transaction until it is checked: unique per booking, so
 * another booking claiming the same transaction (only one of them can match it) never blocks the
 * real payer's submission.
 */
export const claimReference = (txId: string, bookingId: number) => `${REFERENCE_PREFIX}${txId}:${bookingId}`;
