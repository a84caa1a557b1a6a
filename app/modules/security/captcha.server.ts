import crypto from "node:crypto";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logError } from "~/utils/log.server";
import { consume } from "./rate-limit.server";
import { RecaptchaUnavailable, verifyRecaptchaToken } from "./recaptcha.server";

/*
 * The spec's optional captcha (docs/security.md#captcha): off by default, CAPTCHA_ENABLED=1 turns
 * it on for sign-up and a visitor's checkout, page and API, which prove a person on the server
 * themselves. What proves one is either Rueda's own challenge (a small sum signed with the
 * session secret: no third-party script, works without JavaScript; it stops naive form-filling
 * bots, not determined ones), or, with RECAPTCHA_SECRET, a Google reCAPTCHA token checked at
 * siteverify. Either is good once: a used proof is recorded (`spent_captchas`).
 */
const LIFETIME_MS = 10 * 60 * 1000;
/** Google's tokens live 2 minutes; a spent one is remembered longer than that. */
const RECAPTCHA_SPENT_MS = 10 * 60 * 1000;
/** Longer is no token Google issues: refused before anything is asked or stored. */
const RECAPTCHA_TOKEN_MAX = 4096;

function sign(payload: string, secret: string) {
  return crypto.createHmac("sha256", secret).update(`captcha:${payload}`).digest("base64url");
}

export type Captcha = { question: string; token: string };

export function createCaptcha(secret: string, now = Date.now(), random = Math.random): Captcha {
  const a = 1 + Math.floor(random() * 9);
  const b = 1 + Math.floor(random() * 9);
  const payload = `${a}.${b}.${now + LIFETIME_MS}`;
  return { question: `${a} + ${b}`, token: `${payload}.${sign(payload, secret)}` };
}

/** The challenge's expiry when `answer` solves the genuine, unexpired `token`; null otherwise. */
function solvedChallenge(secret: string, token: unknown, answer: unknown, now: number): Date | null {
  if (typeof token !== "string" || typeof answer !== "string") return null;
  const match = /^(\d)\.(\d)\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, a, b, expires, signature] = match;
  const expected = sign(`${a}.${b}.${expires}`, secret);
  if (!crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
  if (Number(expires) <= now) return null;
  return answer.trim() === String(Number(a) + Number(b)) ? new Date(Number(expires)) : null;
}

/** Whether `answer` solves the genuine, unexpired challenge `token` (not whether it was used before). */
export function verifyCaptcha(secret: string, token: unknown, answer: unknown, now = Date.now()): boolean {
  return solvedChallenge(secret, token, answer, now) !== null;
}

/** How a proof is checked: Google's reCAPTCHA with a secret, else Rueda's challenge. */
export type CaptchaKind = "challenge" | "recaptcha";

/** What sign-up and a visitor's checkout ask for: nothing while the captcha is off. */
export function requiredCaptcha(env = getEnv()): CaptchaKind | null {
  if (!env.CAPTCHA_ENABLED) return null;
  return env.RECAPTCHA_SECRET ? "recaptcha" : "challenge";
}

/** What a form shows: the sum to answer (its signed token in a hidden field), or Google's checkbox. */
export type PageCaptcha =
  { kind: "challenge"; question: string; token: string } | { kind: "recaptcha"; siteKey: string } | null;

export function pageCaptcha(): PageCaptcha {
  const env = getEnv();
  const kind = requiredCaptcha(env);
  if (kind === "challenge") return { kind, ...createCaptcha(env.SESSION_SECRET) };
  // config/env.ts requires the site key with the secret while the captcha is on.
  if (kind === "recaptcha") return { kind, siteKey: env.RECAPTCHA_SITE_KEY ?? "" };
  return null;
}

/** A proof as posted: the token (ours, or Google's) and, for our challenge, the sum typed. */
export type CaptchaProof = { token?: unknown; answer?: unknown };

/** The proof of a posted form: our hidden token and answer, or the field Google's widget adds. */
export function proofOfForm(form: FormData): CaptchaProof {
  const ours = form.get("captchaToken");
  return {
    token: typeof ours === "string" && ours !== "" ? ours : form.get("g-recaptcha-response"),
    answer: form.get("captchaAnswer"),
  };
}

/** The form field a refused proof is told beside: the sum typed, or (Google's checkbox, an app) the token. */
export const captchaField = (kind: CaptchaKind) => (kind === "challenge" ? "captchaAnswer" : "captchaToken");

const digest = (kind: CaptchaKind, token: string) =>
  crypto.createHash("sha256").update(`${kind}:${token}`).digest("hex");

/**
 * Records the proof as used; false when it already was. One INSERT … ON CONFLICT DO NOTHING on
 * the digest's primary key, so of two simultaneous uses exactly one records it.
 */
async function spend(kind: CaptchaKind, token: string, expiresAt: Date): Promise<boolean> {
  const db = await getDb();
  const { spentCaptchas } = schema;
  const rows = await db
    .insert(spentCaptchas)
    .values({ digest: digest(kind, token), expiresAt })
    .onConflictDoNothing()
    .returning({ digest: spentCaptchas.digest });
  return rows.length === 1;
}

/** `unavailable`: Google did not answer, so nobody can say (the caller asks to try again). */
export type CaptchaVerdict = "passed" | "failed" | "unavailable";

/**
 * Checks a proof of kind `kind` and spends it: a solved, unexpired challenge never used before,
 * or a token Google accepts for this site, asked with the client's own address. A reCAPTCHA token
 * is recorded before Google is asked, so a replay costs no call.
 */
export async function checkProof(
  kind: CaptchaKind,
  { token, answer }: CaptchaProof,
  ip: string,
  now = new Date(),
): Promise<CaptchaVerdict> {
  const env = getEnv();
  if (kind === "challenge") {
    const expiresAt = solvedChallenge(env.SESSION_SECRET, token, answer, now.getTime());
    return expiresAt && (await spend(kind, token as string, expiresAt)) ? "passed" : "failed";
  }
  if (typeof token !== "string" || token === "" || token.length > RECAPTCHA_TOKEN_MAX || !env.RECAPTCHA_SECRET)
    return "failed";
  if (!(await spend(kind, token, new Date(now.getTime() + RECAPTCHA_SPENT_MS)))) return "failed";
  try {
    const genuine = await verifyRecaptchaToken(
      { secret: env.RECAPTCHA_SECRET, url: env.RECAPTCHA_VERIFY_URL },
      token,
      ip,
    );
    return genuine ? "passed" : "failed";
  } catch (error) {
    if (!(error instanceof RecaptchaUnavailable)) throw error;
    logError("captcha siteverify", error);
    return "unavailable";
  }
}

/**
 * What sign-up and a visitor's checkout ask of a submission (docs/security.md#captcha): passed
 * while the captcha is off, else the configured proof, checked and spent. Called after the
 * action's rate limit is counted, so nobody makes the server ask Google at will.
 */
export async function proveHuman(proof: CaptchaProof, ip: string, now = new Date()): Promise<CaptchaVerdict> {
  const kind = requiredCaptcha();
  return kind ? checkProof(kind, proof, ip, now) : "passed";
}

/** What `/api/verify-recaptcha` checked: `off` when nothing (no secret, and the captcha off). */
export type CheckedCaptcha = CaptchaKind | "off";

/**
 * The spec's `POST /api/verify-recaptcha/{token}/{ip}` (docs/security.md#captcha): counted per
 * client before anything is checked. With RECAPTCHA_SECRET Google is asked (even with the captcha
 * off, for apps that check before they post), with the caller's own address; else, with the
 * captcha on, Rueda's challenge; else nothing is checked and the answer says so. A proof found
 * valid is spent: sign-up and checkout need a proof of their own.
 */
export async function checkCaptchaLimited(
  token: string,
  answer: string | undefined,
  ip: string,
): Promise<{ checked: CheckedCaptcha; verdict: CaptchaVerdict } | "rateLimited"> {
  if (!(await consume("verify-captcha", ip))) return "rateLimited";
  const env = getEnv();
  const checked: CheckedCaptcha = env.RECAPTCHA_SECRET ? "recaptcha" : env.CAPTCHA_ENABLED ? "challenge" : "off";
  if (checked === "off") return { checked, verdict: "passed" };
  return { checked, verdict: await checkProof(checked, { token, answer }, ip) };
}
