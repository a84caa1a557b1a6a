import crypto from "node:crypto";
import { getEnv } from "./env.server";

/** Random bytes read from the system at a time for the pages' nonces: 256 nonces. */
const NONCE_POOL_BYTES = 4096;
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/**
 * A page's CSP nonce: 16 random bytes, base64. They come from a pool the system's random source
 * fills 4 KB at a time, as `crypto.randomUUID` buffers its own: a read per request was 2.4 % of
 * a layout-only page's CPU (docs/decisions/0005-search-walks-one-place-with-a-capped-count.md).
 * Each byte is handed out once.
 */
export function cspNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = crypto.randomBytes(NONCE_POOL_BYTES);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** The scheme and host of the tile server, with `{s}` sub-domains as a wildcard. */
export function tileOrigin(tileUrl: string): string | null {
  const match = /^(https?:\/\/[^/]+)/.exec(tileUrl.replace("{s}", "*"));
  return match ? match[1] : null;
}

/** Stands for the nonce in the policy written once; never in a nonce (base64) nor in a URL. */
const NONCE_MARK = "\u0000";
let written: { env: ReturnType<typeof getEnv>; dev: boolean; parts: string[] } | null = null;

/**
 * The page's Content-Security-Policy. Only the nonce changes between pages: the rest, read from
 * the environment, is written once and the nonce put in its place.
 */
export function contentSecurityPolicy(nonce: string, { dev }: { dev: boolean }): string {
  const env = getEnv();
  if (written?.env !== env || written.dev !== dev)
    written = { env, dev, parts: writePolicy(env, dev).split(NONCE_MARK) };
  return written.parts.join(nonce);
}

function writePolicy(env: ReturnType<typeof getEnv>, dev: boolean): string {
  const nonce = NONCE_MARK;
  const tiles = tileOrigin(env.MAP_TILE_URL);
  const analytics = env.ANALYTICS_MEASUREMENT_ID
    ? ["https://www.googletagmanager.com", "https://www.google-analytics.com"]
    : [];
  // Google's reCAPTCHA checkbox, when it is the captcha asked for (docs/security.md#captcha): its
  // script, loaded by the page once interactive, and its frame.
  const recaptcha = env.CAPTCHA_ENABLED && env.RECAPTCHA_SECRET;
  const recaptchaScripts = recaptcha ? ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...analytics, ...recaptchaScripts, ...(dev ? ["'unsafe-eval'"] : [])],
    ...(recaptcha
      ? { "frame-src": ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"] }
      : {}),
    // React's style attributes and Leaflet's positioning need inline styles.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...(tiles ? [tiles] : []), ...analytics],
    "connect-src": ["'self'", ...analytics, ...(dev ? ["ws:"] : [])],
    "font-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // The card button's post is answered with a redirect to the hosted payment page, which
    // form-action also governs: Stripe Checkout's, or the one of the API at STRIPE_API_BASE.
    "form-action": [
      "'self'",
      "https://checkout.stripe.com",
      ...(env.STRIPE_API_BASE ? [new URL(env.STRIPE_API_BASE).origin] : []),
    ],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export function securityHeaders(): Record<string, string> {
  const env = getEnv();
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    // Map tiles require a Referer (OSM tile policy), so send the origin, not nothing.
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(env.secureCookies ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
