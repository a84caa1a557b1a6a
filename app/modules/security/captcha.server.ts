import crypto from "node:crypto";

/*
 * The spec's optional captcha (off by default, CAPTCHA_ENABLED=1 turns it on): a small
 * sum signed with the session secret, so no third-party script or call is needed and it
 * works without JavaScript. It stops naive form-filling bots, not determined ones.
 */
const LIFETIME_MS = 10 * 60 * 1000;

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

export function verifyCaptcha(secret: string, token: unknown, answer: unknown, now = Date.now()): boolean {
  if (typeof token !== "string" || typeof answer !== "string") return false;
  const match = /^(\d)\.(\d)\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return false;
  const [, a, b, expires, signature] = match;
  const expected = sign(`${a}.${b}.${expires}`, secret);
  if (!crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return false;
  if (Number(expires) <= now) return false;
  return answer.trim() === String(Number(a) + Number(b));
}
