/*
 * The one configuration of every process (web, worker, scripts): each variable the code
 * reads is declared and checked here, and nothing else reads `process.env`
 * (docs/operations.md#environment lists them with their meaning). This module imports nothing of the
 * project, so every layer may use it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const flagValues = z.enum(["0", "1", "true", "false", ""]);
/** An on/off switch: `1`/`true` is on, anything else allowed is off. */
const flag = flagValues.optional().transform((v) => v === "1" || v === "true");
/** A switch whose absence means "the default for this kind of run" (undefined). */
const optionalFlag = flagValues
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true"));
const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyAsUnset, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUnset, z.url().optional());

/** An origin as browsers send it: scheme and host (and port), no path; custom schemes too (`capacitor://localhost`). */
const originPattern = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s*]+$/;
/**
 * App origins allowed to call the API from a browser (docs/operations.md#api-origins): separated
 * by commas or spaces; a trailing slash is dropped. `*` and `null` are refused: the answers carry
 * credentials, so every origin is named.
 */
const originList = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((origin) => origin.toLowerCase().replace(/\/$/, ""))
      : [],
  z.array(
    z
      .string()
      .regex(originPattern, "each entry must be an origin such as https://app.example or capacitor://localhost"),
  ),
);

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    APP_URL: z.url().default("http://localhost:3000"),
    DATABASE_URL: optionalString,
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    PGLITE_DIR: optionalString,
    REDIS_URL: optionalString,
    SESSION_SECRET: z.preprocess(emptyAsUnset, z.string().min(16).optional()),
    RESEND_API_KEY: optionalString,
    RESEND_BASE_URL: optionalUrl,
    MAIL_FROM: z.string().default("Rueda <no-reply@rueda.example>"),
    ADMIN_EMAIL: z.preprocess(emptyAsUnset, z.email().optional()),
    DEMO_DATA: optionalFlag,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalUrl,
    /** The demo card gateway on (1) or off (0) without Stripe; unset: only where demo data loads over http (docs/operations.md#demo-money). */
    CARD_DEMO_GATEWAY: optionalFlag,
    TRONGRID_URL: z.url().default("https://api.trongrid.io"),
    TRONGRID_API_KEY: optionalString,
    WALLET_ADDRESS: optionalString,
    USDT_CONTRACT: z.string().default("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
    /** Binance Pay's merchant API (docs/operations.md#binance-pay): offered only with both keys. */
    BINANCE_PAY_API_URL: z.url().default("https://bapi.binance.com"),
    /** The merchant's API identity key, sent as BinancePay-Certificate-SN. */
    BINANCE_PAY_API_KEY: optionalString,
    /** The merchant's API secret key, which signs every request (HMAC-SHA512); never logged. */
    BINANCE_PAY_SECRET_KEY: optionalString,
    /** The WhatsApp Cloud API's base URL, version included (docs/operations.md#whatsapp); tests name their fake. */
    WHATSAPP_API_URL: z.url().default("https://graph.facebook.com/v21.0"),
    /** With the phone-number id, turns WhatsApp messages on; unset, drivers get email only. */
    WHATSAPP_ACCESS_TOKEN: optionalString,
    WHATSAPP_PHONE_NUMBER_ID: optionalString,
    /** The Meta app's secret: the webhook's X-Hub-Signature-256 is an HMAC of the raw body with it. */
    WHATSAPP_APP_SECRET: optionalString,
    /** What Meta sends back in the webhook's GET handshake (hub.verify_token). */
    WHATSAPP_VERIFY_TOKEN: optionalString,
    MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    /** The captcha on sign-up and a visitor's checkout (docs/security.md#captcha). */
    CAPTCHA_ENABLED: flag,
    /** Google reCAPTCHA's secret key: with the captcha on, Google's token is the proof asked for (docs/operations.md#recaptcha). */
    RECAPTCHA_SECRET: optionalString,
    /** The site key of the same reCAPTCHA key, for the checkbox the pages show. */
    RECAPTCHA_SITE_KEY: optionalString,
    RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
    /** Browser and hybrid-app origins allowed to call /api (CORS), docs/operations.md#api-origins. */
    API_CORS_ORIGINS: originList,
    /** Further origins a payment hand-off may send the browser back to, such as an app's own link scheme (docs/operations.md#api-origins). */
    APP_RETURN_ORIGINS: originList,
    LANGUAGE_FROM_COUNTRY: flag,
    ANALYTICS_MEASUREMENT_ID: optionalString,
    DATA_DIR: z.string().default(".data"),
    WEB_CONCURRENCY: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(64).optional()),
    /** Proxies in front of the app whose X-Forwarded-For is believed (0: none). */
    TRUST_PROXY: z.preprocess(
      (v) => (v === "" || v === undefined ? "0" : v === "true" ? "1" : v === "false" ? "0" : v),
      z.coerce.number().int().min(0).max(10),
    ),
    /** Logs the SQL queries each request made (benchmarks read it). */
    LOG_QUERY_COUNT: flag,
    /** A bearer secret that opens `/status` to monitoring (admins' sessions open it too). */
    STATUS_TOKEN: z.preprocess(emptyAsUnset, z.string().min(16).optional()),
    /** The worker answers health checks on this port when set. */
    WORKER_HEALTH_PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
    /** The least severe log line written (docs/operations.md#logs). */
    LOG_LEVEL: z.preprocess(
      emptyAsUnset,
      z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
    ),
    /** A bearer secret that opens `/metrics` to Prometheus; unset, the endpoint answers 404 (docs/operations.md#metrics). */
    METRICS_TOKEN: z.preprocess(emptyAsUnset, z.string().min(16).optional()),
    /** Errors are also reported to Sentry when set (docs/operations.md#error-reporting). */
    SENTRY_DSN: optionalUrl,
    SENTRY_ENVIRONMENT: optionalString,
    /** OpenTelemetry traces are exported over OTLP/HTTP to this base URL when set (docs/operations.md#traces). */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    OTEL_SERVICE_NAME: z.preprocess(emptyAsUnset, z.string().default("rueda")),
  })
  .superRefine((env, ctx) => {
    // The pages would show no checkbox, and nobody could sign up (docs/operations.md#recaptcha).
    if (env.CAPTCHA_ENABLED && env.RECAPTCHA_SECRET && !env.RECAPTCHA_SITE_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["RECAPTCHA_SITE_KEY"],
        message: "RECAPTCHA_SITE_KEY is required when CAPTCHA_ENABLED is on with RECAPTCHA_SECRET",
      });
    }
    if (env.APP_URL.startsWith("https://") && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET is required when APP_URL is https",
      });
    }
  });

type Parsed = z.infer<typeof schema>;
export type CardGateway = "stripe" | "demo" | null;
/** A start-up decision and the reason for it, as the start-up log prints it. */
export type Decision<T> = { value: T; why: string };
export type Env = Omit<Parsed, "DEMO_DATA" | "CARD_DEMO_GATEWAY"> & {
  SESSION_SECRET: string;
  secureCookies: boolean;
  /** The web process loads demo data into an empty database (docs/operations.md#demo-money). */
  demoData: boolean;
  /** Which gateway takes card payments: Stripe with a key, else the demo gateway where allowed (docs/operations.md#demo-money). */
  cardGateway: CardGateway;
  /** WhatsApp messages are sent: the token and the phone-number id are set (docs/operations.md#whatsapp). */
  whatsapp: boolean;
  /** Why: the start-up log says each (docs/operations.md#start-up). */
  decisions: {
    demoData: Decision<boolean>;
    cardGateway: Decision<CardGateway>;
    binancePay: Decision<boolean>;
    whatsapp: Decision<boolean>;
  };
  /** The origin of APP_URL, which cross-site checks compare against. */
  appOrigin: string;
};

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Demo money fails closed (docs/operations.md#demo-money): demo data (with its published admin
 * password) and the demo card gateway (which marks bookings paid for a test card) are off in
 * production and whenever APP_URL is https, unless the operator asks for each by name.
 */
export function demoDecisions(input: {
  DEMO_DATA: boolean | undefined;
  CARD_DEMO_GATEWAY: boolean | undefined;
  STRIPE_SECRET_KEY: string | undefined;
  NODE_ENV: Parsed["NODE_ENV"];
  APP_URL: string;
}): Omit<Env["decisions"], "binancePay" | "whatsapp"> {
  const https = input.APP_URL.startsWith("https://");
  const demoData: Decision<boolean> =
    input.DEMO_DATA !== undefined
      ? { value: input.DEMO_DATA, why: `DEMO_DATA=${input.DEMO_DATA ? 1 : 0}` }
      : input.NODE_ENV === "production"
        ? { value: false, why: "NODE_ENV=production; DEMO_DATA=1 loads it" }
        : https
          ? { value: false, why: "APP_URL is https; DEMO_DATA=1 loads it" }
          : { value: true, why: "not production and APP_URL is http; DEMO_DATA=0 turns it off" };
  const cardGateway: Decision<CardGateway> = input.STRIPE_SECRET_KEY
    ? { value: "stripe", why: "STRIPE_SECRET_KEY is set" }
    : input.CARD_DEMO_GATEWAY !== undefined
      ? {
          value: input.CARD_DEMO_GATEWAY ? "demo" : null,
          why: `CARD_DEMO_GATEWAY=${input.CARD_DEMO_GATEWAY ? 1 : 0}, no STRIPE_SECRET_KEY`,
        }
      : https
        ? { value: null, why: "APP_URL is https and no STRIPE_SECRET_KEY; CARD_DEMO_GATEWAY=1 takes test cards" }
        : demoData.value
          ? { value: "demo", why: "demo data is on, APP_URL is http, no STRIPE_SECRET_KEY" }
          : { value: null, why: "no STRIPE_SECRET_KEY and demo data is off" };
  return { demoData, cardGateway };
}

/**
 * WhatsApp is on with both the token and the phone-number id, off with neither; one without the
 * other is a slip the start-up log names (docs/operations.md#whatsapp). The demo has no fake to
 * talk to, so it runs with WhatsApp off and emails only.
 */
function whatsappDecision(token: string | undefined, phoneNumberId: string | undefined): Decision<boolean> {
  if (token && phoneNumberId) return { value: true, why: "WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set" };
  if (token || phoneNumberId)
    return { value: false, why: `${token ? "WHATSAPP_PHONE_NUMBER_ID" : "WHATSAPP_ACCESS_TOKEN"} is missing` };
  return { value: false, why: "no WHATSAPP_ACCESS_TOKEN; drivers get email only" };
}

/** The start-up log's lines for the demo decisions, Binance Pay and WhatsApp. */
export function decisionLines({ demoData, cardGateway, binancePay, whatsapp }: Env["decisions"]): string[] {
  return [
    `demo data: ${demoData.value ? "on" : "off"} (${demoData.why})`,
    `card gateway: ${cardGateway.value ?? "off"} (${cardGateway.why})`,
    `Binance Pay: ${binancePay.value ? "on" : "off"} (${binancePay.why})`,
    `whatsapp: ${whatsapp.value ? "on" : "off"} (${whatsapp.why})`,
  ];
}

/** Binance Pay is offered only when the merchant's two keys are set (docs/operations.md#binance-pay). */
function binancePayDecision(env: Pick<Parsed, "BINANCE_PAY_API_KEY" | "BINANCE_PAY_SECRET_KEY">): Decision<boolean> {
  return env.BINANCE_PAY_API_KEY && env.BINANCE_PAY_SECRET_KEY
    ? { value: true, why: "BINANCE_PAY_API_KEY and BINANCE_PAY_SECRET_KEY are set" }
    : { value: false, why: "BINANCE_PAY_API_KEY or BINANCE_PAY_SECRET_KEY is not set" };
}

/** Validates `source`; throws one readable error listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const { DEMO_DATA, CARD_DEMO_GATEWAY, ...env } = parsed.data;
  const decisions = {
    ...demoDecisions({
      DEMO_DATA,
      CARD_DEMO_GATEWAY,
      STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
      NODE_ENV: env.NODE_ENV,
      APP_URL: env.APP_URL,
    }),
    binancePay: binancePayDecision(env),
    whatsapp: whatsappDecision(env.WHATSAPP_ACCESS_TOKEN, env.WHATSAPP_PHONE_NUMBER_ID),
  };
  return {
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? localSecret(env.DATA_DIR),
    // Secure cookies and HSTS only make sense when the site is served over https.
    secureCookies: env.APP_URL.startsWith("https://"),
    demoData: decisions.demoData.value,
    cardGateway: decisions.cardGateway.value,
    whatsapp: decisions.whatsapp.value,
    decisions,
    appOrigin: new URL(env.APP_URL).origin,
  };
}

let cached: Env | undefined;

/** This process's configuration, read from `process.env` once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
