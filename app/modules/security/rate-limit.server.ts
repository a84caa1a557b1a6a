import { AsyncLocalStorage } from "node:async_hooks";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "~/utils/env.server";

export type LimitName =
  | "contact"
  | "sign-in-ip"
  | "sign-in-email"
  | "sign-up"
  | "forgot-password"
  | "forgot-password-ip"
  | "resend-activation"
  | "resend-activation-ip"
  | "reset-password-ip"
  | "change-password"
  | "check-password-client"
  | "check-password-account"
  | "avatar-upload"
  | "payment-lookup"
  | "payment-submit"
  | "checkout-ip"
  | "checkout-account"
  | "checkout-visitor"
  | "verify-captcha"
  | "card-start-ip"
  | "card-start-booking"
  | "booking-change";

/*
 * The limits of docs/security.md#rate-limits. Sign-in is limited per address and per
 * client, so one account under attack gets throttled while everyone else (even behind
 * the same NAT) still signs in; a successful sign-in gives its points back.
 */
export const rules: Record<LimitName, { points: number; duration: number }> = {
  contact: { points: 30, duration: 10 * 60 },
  "sign-in-ip": { points: 100, duration: 15 * 60 },
  "sign-in-email": { points: 10, duration: 15 * 60 },
  "sign-up": { points: 50, duration: 60 * 60 },
  "forgot-password": { points: 5, duration: 15 * 60 },
  // "Email address not registered" is an answer; per client it must not become a fast oracle.
  "forgot-password-ip": { points: 20, duration: 15 * 60 },
  "resend-activation": { points: 5, duration: 15 * 60 },
  // Asking by address answers whether it has an account awaiting activation: counted per client before the lookup.
  "resend-activation-ip": { points: 20, duration: 15 * 60 },
  // Each valid link costs an argon2 hash; a client cannot make the server hash at will.
  "reset-password-ip": { points: 20, duration: 15 * 60 },
  "change-password": { points: 10, duration: 15 * 60 },
  // The spec's GET check-password: a cross-site navigation can send it with the victim's cookie,
  // so it never spends change-password's budget; per account and client, with a wider cap per account.
  "check-password-client": { points: 10, duration: 15 * 60 },
  "check-password-account": { points: 50, duration: 15 * 60 },
  // Decoding an upload is the costliest thing an account can ask for (docs/security.md#uploads).
  "avatar-upload": { points: 10, duration: 60 * 60 },
  // Reference + email must not become a way to enumerate bookings.
  "payment-lookup": { points: 10, duration: 15 * 60 },
  // Per booking: pago móvil references and transaction ids are typed by hand, but not by the hundred.
  "payment-submit": { points: 20, duration: 60 * 60 },
  // Checkout, page and API together (booking/checkout-limits.server.ts). Per client generously:
  // one address may be a whole carrier-grade NAT of mobile customers.
  "checkout-ip": { points: 60, duration: 60 * 60 },
  "checkout-account": { points: 20, duration: 60 * 60 },
  // Visitor bookings per client: each makes a new, unproven account, which the per-driver cap never
  // meets. Counted before booking, given back when the checkout is refused, so it counts bookings
  // made (docs/domain.md#limits).
  "checkout-visitor": { points: 3, duration: 60 * 60 },
  // The spec's check endpoint may call Google: per client (docs/security.md#captcha).
  "verify-captcha": { points: 20, duration: 15 * 60 },
  // Each card start may call Stripe (retrieve, create): per booking and per client.
  "card-start-ip": { points: 30, duration: 60 * 60 },
  "card-start-booking": { points: 10, duration: 60 * 60 },
  // Amends, cancels, amendment requests and status changes (page and API together) write notifications
  // and emails to staff (booking/change-limit.server.ts).
  "booking-change": { points: 60, duration: 15 * 60 },
};

/*
 * Shared across web processes through Redis when it is configured, so limits hold
 * behind a load balancer; in memory otherwise. Kept on globalThis so the server and
 * the Remix bundle count in one place.
 */
const key = Symbol.for("rueda.rate-limiters");
type Store = Map<LimitName, RateLimiterAbstract>;
const globalStore = globalThis as typeof globalThis & { [key]?: Store };

let redis: Redis | null | undefined;
/**
 * Settles once the client's first connection is open, or after FIRST_CONNECTION_MS without one.
 * Until then a command fails at once (no offline queue: nothing waits on an outage) and would be
 * counted in this process's memory, so a process just started would lose a client's first
 * attempt from the count every process shares. Awaited by every count; settled, it costs nothing.
 */
let firstConnection: Promise<void> = Promise.resolve();
const FIRST_CONNECTION_MS = 2_000;

function redisClient(): Redis | null {
  if (redis === undefined) {
    const url = getEnv().REDIS_URL;
    const client = url ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null;
    client?.on("error", () => {});
    if (client)
      firstConnection = new Promise((resolve) => {
        const timer = setTimeout(resolve, FIRST_CONNECTION_MS).unref();
        client.once("ready", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    redis = client;
  }
  return redis;
}

function limiter(name: LimitName): RateLimiterAbstract {
  const store = (globalStore[key] ??= new Map());
  let found = store.get(name);
  if (!found) {
    const client = redisClient();
    const options = { keyPrefix: `rl:${name}`, ...rules[name] };
    found = client
      ? new RateLimiterRedis({ storeClient: client, insuranceLimiter: new RateLimiterMemory(options), ...options })
      : new RateLimiterMemory(options);
    store.set(name, found);
  }
  return found;
}

/*
 * How long the refused caller must wait, noted by `consume` for whoever asked to know: the API
 * answers it as `Retry-After` on its 429s (docs/architecture.md#api) without every service
 * between the route and the limiter passing it back.
 */
const waits = new AsyncLocalStorage<{ ms: number }>();

/**
 * Runs `work`, noting the longest wait any limit it hit imposes; `waitMs()` reads it afterwards
 * (0 when nothing was refused).
 */
export async function noteRefusals<T>(work: (waitMs: () => number) => Promise<T>): Promise<T> {
  const note = { ms: 0 };
  return waits.run(note, () => work(() => note.ms));
}

/**
 * Counts one attempt and says whether it is within the limit. Counting comes first and
 * is atomic (one Redis INCR, or one in-memory update), so a burst of parallel requests
 * cannot all pass a check before any of them is counted: there is deliberately no
 * "check without counting" (docs/security.md#rate-limits).
 */
export async function consume(name: LimitName, subject: string): Promise<boolean> {
  const counter = limiter(name);
  await firstConnection;
  try {
    await counter.consume(subject.toLowerCase());
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      const note = waits.getStore();
      if (note) note.ms = Math.max(note.ms, error.msBeforeNext);
      return false;
    }
    throw error;
  }
}

/** Counts one attempt against every limit given; false when any of them is exceeded. */
export async function consumeAll(limits: Array<[LimitName, string]>): Promise<boolean> {
  const verdicts = await Promise.all(limits.map(([name, subject]) => consume(name, subject)));
  return verdicts.every(Boolean);
}

/** Gives one counted attempt back, e.g. a client's sign-in that turned out right. */
export async function refund(name: LimitName, subject: string) {
  const counter = limiter(name);
  await firstConnection;
  await counter.reward(subject.toLowerCase(), 1);
}

/** Clears a subject's count, e.g. an address after a successful sign-in. */
export async function reset(name: LimitName, subject: string) {
  const counter = limiter(name);
  await firstConnection;
  await counter.delete(subject.toLowerCase());
}
