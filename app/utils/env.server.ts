import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const flag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    APP_URL: z.url().default("http://localhost:3000"),
    DATABASE_URL: z.string().optional(),
    REDIS_URL: z.string().optional(),
    SESSION_SECRET: z.string().min(16).optional(),
    RESEND_API_KEY: z.string().optional(),
    RESEND_BASE_URL: z.url().optional(),
    MAIL_FROM: z.string().default("Rueda <no-reply@rueda.example>"),
    ADMIN_EMAIL: z.email().optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_BASE: z.url().optional(),
    TRONGRID_URL: z.url().default("https://api.trongrid.io"),
    TRONGRID_API_KEY: z.string().optional(),
    WALLET_ADDRESS: z.string().optional(),
    USDT_CONTRACT: z.string().default("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
    MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    CAPTCHA_ENABLED: flag,
    LANGUAGE_FROM_COUNTRY: flag,
    ANALYTICS_MEASUREMENT_ID: z.string().optional(),
    DATA_DIR: z.string().default(".data"),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.APP_URL.startsWith("https://") && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET is required when APP_URL is https" });
    }
  });

export type Env = z.infer<typeof schema> & { SESSION_SECRET: string; secureCookies: boolean };

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** Validated configuration; throws one readable error listing every bad variable. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  cached = {
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? localSecret(env.DATA_DIR),
    // Secure cookies and HSTS only make sense when the site is served over https.
    secureCookies: env.APP_URL.startsWith("https://"),
  };
  return cached;
}
