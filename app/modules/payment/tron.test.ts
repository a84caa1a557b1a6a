import { describe, expect, it } from "vitest";
import { normalizeTxId, TRANSFER_TOPIC, usdtAmount, verifyUsdtTransfer } from "./tron";

const contractHex = "a614f803b6fd780986a42c78ec9c7f77e6ded13c";
const recipientHex = "11".repeat(20);
const sender = "22".repeat(20);
const notBefore = new Date("2026-11-20T10:00:00Z");
const expected = { contractHex, recipientHex, minimumCents: 12_345, notBefore };
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
    log: logs ?? [{ address: token, topics: [TRANSFER_TOPIC, word(sender), word(to)], data: word(amount.toString(16)) }],
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

describe("usdtAmount", () => {
  it("always shows the cents a wallet must send", () => {
    expect(usdtAmount(12_345)).toBe("123.45");
    expect(usdtAmount(12_000)).toBe("120.00");
    expect(usdtAmount(5)).toBe("0.05");
  });
});

describe("verifyUsdtTransfer", () => {
  it("confirms a successful transfer of exactly the amount, or more", () => {
    expect(verifyUsdtTransfer(info(), expected)).toEqual({ state: "confirmed", amount: 123_450_000n });
    expect(verifyUsdtTransfer(info({ amount: 200_000_000n }), expected)).toEqual({ state: "confirmed", amount: 200_000_000n });
  });

  it("waits on an empty answer (unknown or not solidified yet)", () => {
    expect(verifyUsdtTransfer({}, expected)).toEqual({ state: "pending" });
    expect(verifyUsdtTransfer(null, expected)).toEqual({ state: "pending" });
  });

  it("refuses one unit less than the amount", () => {
    expect(verifyUsdtTransfer(info({ amount: 123_449_999n }), expected)).toEqual({ state: "invalid", reason: "tooSmall" });
  });

  it("refuses a failed transaction, by its receipt or its top-level result", () => {
    expect(verifyUsdtTransfer(info({ result: "REVERT" }), expected)).toEqual({ state: "invalid", reason: "failed" });
    expect(verifyUsdtTransfer({ ...info(), result: "FAILED" }, expected)).toEqual({ state: "invalid", reason: "failed" });
    expect(verifyUsdtTransfer({ id: "ab".repeat(32), blockTimeStamp: 1 }, expected)).toEqual({ state: "invalid", reason: "failed" });
  });

  it("refuses another token, another recipient, a transfer older than the booking", () => {
    expect(verifyUsdtTransfer(info({ token: "33".repeat(20) }), expected)).toEqual({ state: "invalid", reason: "wrongToken" });
    expect(verifyUsdtTransfer(info({ to: sender }), expected)).toEqual({ state: "invalid", reason: "wrongRecipient" });
    expect(verifyUsdtTransfer(info({ at: notBefore.getTime() - 1 }), expected)).toEqual({ state: "invalid", reason: "tooEarly" });
  });

  it("refuses a transaction without a Transfer log (a TRX transfer, another event, a malformed log)", () => {
    expect(verifyUsdtTransfer(info({ logs: [] }), expected)).toEqual({ state: "invalid", reason: "noTransfer" });
    const approval = { address: contractHex, topics: ["8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925", word(sender), word(recipientHex)], data: word("ff") };
    expect(verifyUsdtTransfer(info({ logs: [approval] }), expected)).toEqual({ state: "invalid", reason: "noTransfer" });
    const garbled = { address: contractHex, topics: [TRANSFER_TOPIC, word(sender), word(recipientHex)], data: "not hex" };
    expect(verifyUsdtTransfer(info({ logs: [garbled] }), expected)).toEqual({ state: "invalid", reason: "noTransfer" });
  });

  it("reads log addresses with a 41 prefix and adds up several transfers to us in one transaction", () => {
    const half = (address: string) => ({ address, topics: [TRANSFER_TOPIC, word(sender), word(recipientHex)], data: word((61_725_000n).toString(16)) });
    const toSomeoneElse = { address: contractHex, topics: [TRANSFER_TOPIC, word(sender), word(sender)], data: word((999_000_000n).toString(16)) };
    expect(verifyUsdtTransfer(info({ logs: [half(contractHex), half(`41${contractHex}`), toSomeoneElse] }), expected)).toEqual({
      state: "confirmed",
      amount: 123_450_000n,
    });
  });
});
