/*
 * Google reCAPTCHA's server-side check (docs/operations.md#recaptcha): the token a page or app got
 * from the reCAPTCHA widget is sent to `siteverify` with the site's secret; Google says whether it
 * is genuine, unspent and for this site. A v3 token also carries a score (1.0 very likely a person).
 */
const TIMEOUT_MS = 5_000;
/** Google's suggested threshold for reCAPTCHA v3 scores. */
export const RECAPTCHA_MIN_SCORE = 0.5;

/** Google did not answer, or answered something that is not a verdict: no answer either way. */
export class RecaptchaUnavailable extends Error {
  name = "RecaptchaUnavailable";
}

export async function verifyRecaptchaToken(
  service: { secret: string; url: string },
  token: string,
  ip: string,
): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(service.url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ secret: service.secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new RecaptchaUnavailable(`siteverify unreachable: ${error instanceof Error ? error.name : "error"}`);
  }
  if (!response.ok) throw new RecaptchaUnavailable(`siteverify answered ${response.status}`);
  const verdict = (await response.json().catch(() => null)) as { success?: unknown; score?: unknown } | null;
  if (typeof verdict?.success !== "boolean") throw new RecaptchaUnavailable("siteverify answered no verdict");
  return verdict.success && (typeof verdict.score !== "number" || verdict.score >= RECAPTCHA_MIN_SCORE);
}
