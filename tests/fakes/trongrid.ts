import http from "node:http";
import { tronAddressToHex } from "../../app/modules/payment/tron-address.server";
import { TRANSFER_TOPIC } from "../../app/modules/payment/tron";

/** A TRC20 transfer the fake chain knows, as a test registers it. */
export type FakeTransaction = {
  txid: string;
  /** Recipient, a T… address. */
  to: string;
  /** Sender, a T… address; a fixed test account by default. */
  from?: string;
  /** Token contract, a T… address. */
  contract: string;
  /** Base units (USDT: 6 decimals), as a decimal string. */
  amount: string;
  /** The receipt's result: "SUCCESS", or e.g. "REVERT" for a failed transaction. */
  result?: string;
  /** Block time in ms; defaults to when it was registered. */
  blockTimeStamp?: number;
  /** Not yet solidified: answered `{}` like an unknown transaction. */
  solidified?: boolean;
};

export type TronGridFake = {
  url: string;
  register: (tx: FakeTransaction) => void;
  /** How many times the product asked about `txid`, and the API key it sent last. */
  queries: (txid: string) => { count: number; apiKey: string | null };
  /** Answer the next `count` queries with this HTTP status (429/403 rate limits, 5xx outages). */
  failNext: (count: number, status: number) => void;
  close: () => Promise<void>;
};

/** The account 22…22, the sender of every transfer a test does not give one. */
const SENDER = "TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E";
const word = (hex: string) => hex.padStart(64, "0");

/** TronGrid's answer for a solidified transaction: a receipt and one Transfer log (docs/domain.md#payments). */
function transactionInfo(tx: Required<FakeTransaction>) {
  const contractHex = tronAddressToHex(tx.contract) ?? "";
  const toHex = tronAddressToHex(tx.to) ?? "";
  const fromHex = tronAddressToHex(tx.from) ?? "";
  return {
    id: tx.txid,
    fee: 345_000,
    blockNumber: 60_000_000,
    blockTimeStamp: tx.blockTimeStamp,
    contractResult: [word("1")],
    contract_address: `41${contractHex}`,
    receipt: { energy_usage_total: 31_895, net_usage: 345, result: tx.result },
    log:
      tx.result === "SUCCESS"
        ? [
            {
              address: contractHex,
              topics: [TRANSFER_TOPIC, word(fromHex), word(toHex)],
              data: word(BigInt(tx.amount).toString(16)),
            },
          ]
        : [],
    ...(tx.result === "SUCCESS"
      ? {}
      : { result: "FAILED", resMessage: Buffer.from("REVERT opcode executed").toString("hex") }),
  };
}

/**
 * Speaks TronGrid's POST /walletsolidity/gettransactioninfobyid for the product's fetch
 * client, from a registry tests fill through POST /test/transactions; unknown and
 * unsolidified transactions get `{}` as on the real network.
 */
export function startTronGridFake(port = 0): Promise<TronGridFake> {
  const registry = new Map<string, FakeTransaction & { registeredAt: number }>();
  const asked = new Map<string, { count: number; apiKey: string | null }>();
  let failures = 0;
  let failureStatus = 429;

  const register = (tx: FakeTransaction) => registry.set(tx.txid.toLowerCase(), { ...tx, registeredAt: Date.now() });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      if (req.method === "GET" && url.pathname === "/health") return send(200, { ok: true });
      const queried = /^\/test\/transactions\/([0-9a-f]+)$/.exec(url.pathname);
      if (req.method === "GET" && queried) return send(200, asked.get(queried[1]) ?? { count: 0, apiKey: null });
      let body: Record<string, unknown>;
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return send(400, { Error: "invalid json" });
      }
      if (req.method === "POST" && url.pathname === "/test/transactions") {
        const tx = body as FakeTransaction;
        if (
          typeof tx.txid !== "string" ||
          !tronAddressToHex(String(tx.to)) ||
          !tronAddressToHex(String(tx.contract)) ||
          (tx.from !== undefined && !tronAddressToHex(String(tx.from))) ||
          !/^\d+$/.test(String(tx.amount))
        ) {
          return send(400, {
            error:
              "txid, to and contract (T… addresses) and amount (base units) are required; from, if given, is a T… address",
          });
        }
        register(tx);
        return send(200, { ok: true });
      }
      if (req.method === "POST" && url.pathname === "/walletsolidity/gettransactioninfobyid") {
        const txid = String(body.value ?? "").toLowerCase();
        const seen = asked.get(txid) ?? { count: 0, apiKey: null };
        asked.set(txid, {
          count: seen.count + 1,
          apiKey: (req.headers["tron-pro-api-key"] as string | undefined) ?? null,
        });
        if (failures > 0) {
          failures -= 1;
          return send(failureStatus, { Error: "simulated" });
        }
        const tx = registry.get(txid);
        if (!tx || tx.solidified === false) return send(200, {});
        return send(
          200,
          transactionInfo({
            result: "SUCCESS",
            blockTimeStamp: tx.registeredAt,
            solidified: true,
            from: SENDER,
            ...tx,
          }),
        );
      }
      send(404, { Error: "not found" });
    });
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        register,
        queries: (txid) => asked.get(txid) ?? { count: 0, apiKey: null },
        failNext: (count, status) => {
          failures = count;
          failureStatus = status;
        },
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
