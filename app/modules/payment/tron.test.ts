import { describe, expect, it } from "vitest";
import {
  ATTEMPT_GRACE_MS,
  matchAttempt,
  normalizeTxId,
  readUsdtTransfer,
  TRANSFER_TOPIC,
  usdtUnits,
  type AttemptWindow,
} from "./tron";

const contractHex = "a614f803b6fd780986a42c78ec9c7f77e6ded13c";
const recipientHex = "11".repeat(20);
const sender = "22".repeat(20);
const notBefore = new Date("2026-11-20T10:00:00Z");
const expected = { contractHex, recipientHex };
const word = (hex: string) => hex.padStart(64, "0");

function info({
  amount = 123_450_000n,
  to = recipientHex,
  token = contractHex,
  result = "SUCCESS",
  at = notBefore.getTime() + 60_000,
  logs,
}: { amount?: bigint; to?: string; token?: string; result?: string; at?: number; logs?: unknown[] } = {}) {
  return {
    id: "ab".repeat(32),
    blockNumber: 1,
    blockTimeStamp: at,
    contract_address: `41${token}`,
    receipt: { result },
    log: logs ?? [
      { address: token, topics: [TRANSFER_TOPIC, word(sender), word(to)], data: word(amount.toString(16)) },
    ],
  };
}

describe("normalizeTxId", () => {
  it("accepts 64 hex digits in any case, with spaces or 0x, and returns them lower case", () => {
    expect(normalizeTxId(`  ${"AB".repeat(32)} `)).toBe("ab".repeat(32));
    expect(normalizeTxId(`0x${"0f".repeat(32)}`)).toBe("0f".repeat(32));
  });
  it("refuses anything else", () => {
    expect(normalizeTxId("ab".repeat(31))).toBeNull();
    expect(normalizeTxId(`${"ab".repeat(31)}zz`)).toBeNull();
    expect(normalizeTxId("")).toBeNull();
  });
});

describe("usdtUnits", () => {
  it("shows all 6 decimals a wallet must send", () => {
    expect(usdtUnits(123_454_317n)).toBe("123.454317");
    expect(usdtUnits(120_000_005n)).toBe("120.000005");
    expect(usdtUnits(9_999n)).toBe("0.009999");
  });
});

const received = (amount: bigint, at = notBefore.getTime() + 60_000) => ({
  state: "received",
  transfer: { amount, senders: [sender], blockTime: at },
});

describe("readUsdtTransfer", () => {
  it("reads a successful transfer to us: amount, sender and block time", () => {
    expect(readUsdtTransfer(info(), expected)).toEqual(received(123_450_000n));
    expect(readUsdtTransfer(info({ amount: 200_000_000n }), expected)).toEqual(received(200_000_000n));
  });

  it("waits on an empty answer (unknown or not solidified yet)", () => {
    expect(readUsdtTransfer({}, expected)).toEqual({ state: "pending" });
    expect(readUsdtTransfer(null, expected)).toEqual({ state: "pending" });
  });

  it("refuses a failed transaction, by its receipt or its top-level result", () => {
    expect(readUsdtTransfer(info({ result: "REVERT" }), expected)).toEqual({ state: "invalid", reason: "failed" });
    expect(readUsdtTransfer({ ...info(), result: "FAILED" }, expected)).toEqual({ state: "invalid", reason: "failed" });
    expect(readUsdtTransfer({ id: "ab".repeat(32), blockTimeStamp: 1 }, expected)).toEqual({
      state: "invalid",
      reason: "failed",
    });
  });

  it("refuses another token or another recipient", () => {
    expect(readUsdtTransfer(info({ token: "33".repeat(20) }), expected)).toEqual({
      state: "invalid",
      reason: "wrongToken",
    });
    expect(readUsdtTransfer(info({ to: sender }), expected)).toEqual({ state: "invalid", reason: "wrongRecipient" });
  });

  it("refuses a transaction without a Transfer log (a TRX transfer, another event, a malformed log)", () => {
    expect(readUsdtTransfer(info({ logs: [] }), expected)).toEqual({ state: "invalid", reason: "noTransfer" });
    const approval = {
      address: contractHex,
      topics: ["8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925", word(sender), word(recipientHex)],
      data: word("ff"),
    };
    expect(readUsdtTransfer(info({ logs: [approval] }), expected)).toEqual({ state: "invalid", reason: "noTransfer" });
    const garbled = {
      address: contractHex,
      topics: [TRANSFER_TOPIC, word(sender), word(recipientHex)],
      data: "not hex",
    };
    expect(readUsdtTransfer(info({ logs: [garbled] }), expected)).toEqual({ state: "invalid", reason: "noTransfer" });
  });

  it("reads log addresses with a 41 prefix and adds up several transfers to us in one transaction", () => {
    const half = (address: string) => ({
      address,
      topics: [TRANSFER_TOPIC, word(sender), word(recipientHex)],
      data: word(61_725_000n.toString(16)),
    });
    const toSomeoneElse = {
      address: contractHex,
      topics: [TRANSFER_TOPIC, word(sender), word(sender)],
      data: word(999_000_000n.toString(16)),
    };
    expect(
      readUsdtTransfer(info({ logs: [half(contractHex), half(`41${contractHex}`), toSomeoneElse] }), expected),
    ).toEqual(received(123_450_000n));
  });
});

describe("matchAttempt", () => {
  const openedAt = notBefore;
  const attempt: AttemptWindow = {
    id: 7,
    amountUnits: 123_454_317n,
    balanceCents: 12_345,
    openedAt,
    expiresAt: new Date(openedAt.getTime() + 30 * 60_000),
  };
  const transfer = (amount: bigint, at: number) => ({ amount, senders: [sender], blockTime: at });
  const during = openedAt.getTime() + 60_000;

  it("matches exactly the attempt's amount, from its opening to its expiry plus the grace", () => {
    expect(matchAttempt(transfer(attempt.amountUnits, openedAt.getTime()), [attempt], 12_345)).toEqual({
      state: "matched",
      attempt,
    });
    expect(
      matchAttempt(transfer(attempt.amountUnits, attempt.expiresAt.getTime() + ATTEMPT_GRACE_MS), [attempt], 12_345),
    ).toEqual({ state: "matched", attempt });
  });

  it("refuses one unit less or the bare balance as too small, one unit more or another booking's amount as not the amount", () => {
    expect(matchAttempt(transfer(attempt.amountUnits - 1n, during), [attempt], 12_345)).toEqual({
      state: "unmatched",
      reason: "tooSmall",
    });
    expect(matchAttempt(transfer(123_450_000n, during), [attempt], 12_345)).toEqual({
      state: "unmatched",
      reason: "tooSmall",
    });
    expect(matchAttempt(transfer(123_449_999n, during), [], 12_345)).toEqual({
      state: "unmatched",
      reason: "tooSmall",
    });
    expect(matchAttempt(transfer(attempt.amountUnits + 1n, during), [attempt], 12_345)).toEqual({
      state: "unmatched",
      reason: "wrongAmount",
    });
    expect(matchAttempt(transfer(123_459_999n, during), [attempt], 12_345)).toEqual({
      state: "unmatched",
      reason: "wrongAmount",
    });
  });

  it("refuses a block before the attempt opened or after its grace, and an attempt whose balance changed", () => {
    expect(matchAttempt(transfer(attempt.amountUnits, openedAt.getTime() - 1), [attempt], 12_345)).toEqual({
      state: "unmatched",
      reason: "tooEarly",
    });
    expect(matchAttempt(transfer(attempt.amountUnits, Number.NaN), [attempt], 12_345)).toEqual({
      state: "unmatched",
      reason: "tooEarly",
    });
    expect(
      matchAttempt(
        transfer(attempt.amountUnits, attempt.expiresAt.getTime() + ATTEMPT_GRACE_MS + 1),
        [attempt],
        12_345,
      ),
    ).toEqual({ state: "unmatched", reason: "tooLate" });
    expect(matchAttempt(transfer(attempt.amountUnits, during), [attempt], 15_000)).toEqual({
      state: "unmatched",
      reason: "amountChanged",
    });
  });
});
