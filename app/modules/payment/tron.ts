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

/** The amount to send for `cents` dollars, as wallets take it: "123.45". */
export function usdtAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export type InvalidReason = "failed" | "noTransfer" | "wrongToken" | "wrongRecipient" | "tooSmall" | "tooEarly";
export const invalidReasons: readonly InvalidReason[] = ["failed", "noTransfer", "wrongToken", "wrongRecipient", "tooSmall", "tooEarly"];

export type UsdtVerdict = { state: "pending" } | { state: "confirmed"; amount: bigint } | { state: "invalid"; reason: InvalidReason };

export type UsdtExpectation = {
  /** The token contract's 20-byte hex address (no `41` prefix), lower case. */
  contractHex: string;
  /** Our deposit address's 20-byte hex, lower case. */
  recipientHex: string;
  minimumCents: number;
  /** A transfer made before this (e.g. before the booking existed) pays something else. */
  notBefore: Date;
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
 * Judges TronGrid's `/walletsolidity/gettransactioninfobyid` answer. An empty object is a
 * transaction the solidified chain does not know (yet): pending, never invalid, because
 * it may still be on its way. Otherwise it pays only when it succeeded and carries a
 * Transfer log of the USDT contract to our address, of at least the amount, made after
 * `notBefore`. Several such transfers in one transaction add up.
 */
export function verifyUsdtTransfer(info: unknown, expected: UsdtExpectation): UsdtVerdict {
  if (!info || typeof info !== "object" || typeof (info as { id?: unknown }).id !== "string") return { state: "pending" };
  const tx = info as { result?: unknown; receipt?: { result?: unknown }; log?: unknown; blockTimeStamp?: unknown };
  if (tx.result === "FAILED" || tx.receipt?.result !== "SUCCESS") return { state: "invalid", reason: "failed" };
  const transfers = transferLogs(tx.log);
  if (transfers.length === 0) return { state: "invalid", reason: "noTransfer" };
  const ofToken = transfers.filter((log) => address20(log.address) === expected.contractHex);
  if (ofToken.length === 0) return { state: "invalid", reason: "wrongToken" };
  const toUs = ofToken.filter((log) => log.topics[2].toLowerCase().slice(-40) === expected.recipientHex);
  if (toUs.length === 0) return { state: "invalid", reason: "wrongRecipient" };
  if (typeof tx.blockTimeStamp !== "number" || tx.blockTimeStamp < expected.notBefore.getTime()) return { state: "invalid", reason: "tooEarly" };
  const amount = toUs.reduce((sum, log) => sum + BigInt(`0x${log.data}`), 0n);
  if (amount < BigInt(expected.minimumCents) * USDT_UNITS_PER_CENT) return { state: "invalid", reason: "tooSmall" };
  return { state: "confirmed", amount };
}
