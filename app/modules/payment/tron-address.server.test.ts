import { describe, expect, it } from "vitest";
import { decodeBase58Check, hexToTronAddress, isTronAddress, tronAddressToHex } from "./tron-address.server";

describe("TRON addresses", () => {
  it("decodes mainnet USDT's contract address to its 20-byte hex", () => {
    expect(tronAddressToHex("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("a614f803b6fd780986a42c78ec9c7f77e6ded13c");
    expect(tronAddressToHex("TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV")).toBe("11".repeat(20));
  });

  it("refuses a one-character typo (checksum), a wrong length, a foreign alphabet and a non-TRON payload", () => {
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6")).toBe(false);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60")).toBe(false);
    expect(isTronAddress("")).toBe(false);
    // A valid Bitcoin address: good base58check, but not a `41` payload nor a T address.
    expect(isTronAddress("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")).toBe(false);
  });

  it("keeps leading zero bytes and checks the checksum", () => {
    const payload = decodeBase58Check("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2");
    expect(payload?.toString("hex")).toBe("0077bff20c60e522dfaa3350c39b030a5d004e839a");
    expect(decodeBase58Check("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3")).toBeNull();
    expect(decodeBase58Check("0OIl")).toBeNull();
  });

  it("encodes a Transfer log's 20-byte sender back to its T… address", () => {
    expect(hexToTronAddress("a614f803b6fd780986a42c78ec9c7f77e6ded13c")).toBe("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    expect(hexToTronAddress("11".repeat(20))).toBe("TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV");
    expect(hexToTronAddress("00".repeat(20))).toBe("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb");
    expect(hexToTronAddress("11".repeat(19))).toBeNull();
  });
});
