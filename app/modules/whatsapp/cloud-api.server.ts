/*
 * The WhatsApp Cloud API (Meta's WhatsApp Business Platform) through its HTTP interface
 * (docs/operations.md#whatsapp): a template message to one number, and what its errors mean for a
 * retry. Only the base URL names the server, so tests point it at their fake.
 */

export type CloudApiSettings = { baseUrl: string; accessToken: string; phoneNumberId: string };

export type TemplateMessage = { to: string; template: string; language: string; parameters: string[] };

/*
 * Errors no retry can mend: the number is not on WhatsApp (131026), the recipient or a parameter is
 * not acceptable (100, 131008, 131009, 131021), the template is missing, paused or mismatched
 * (132xxx). Everything else — 5xx, 429 and the rate limits (4, 80007, 130429, 131048, 131056) — is
 * worth another attempt.
 */
const permanentCodes = new Set([100, 131008, 131009, 131021, 131026, 131047, 131051]);
const isPermanent = (code: number | null) =>
  code !== null && (permanentCodes.has(code) || (code >= 132000 && code < 133000));

/** A refusal: `permanent` means the message can never be sent as it is. */
export class CloudApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly permanent: boolean,
  ) {
    super(`WhatsApp Cloud API ${status}${code === null ? "" : ` (code ${code})`}`);
  }
}

/** Sends the template; answers the message's id (wamid), or throws a `CloudApiError`. */
export async function sendTemplate(settings: CloudApiSettings, message: TemplateMessage): Promise<string> {
  const response = await fetch(`${settings.baseUrl.replace(/\/$/, "")}/${settings.phoneNumberId}/messages`, {
    method: "POST",
    headers: { Authorization: `Bearer ${settings.accessToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      // The API takes the number without its "+".
      to: message.to.replace(/^\+/, ""),
      type: "template",
      template: {
        name: message.template,
        language: { code: message.language },
        components: [{ type: "body", parameters: message.parameters.map((text) => ({ type: "text", text })) }],
      },
    }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json().catch(() => null)) as {
    messages?: Array<{ id?: unknown }>;
    error?: { code?: unknown };
  } | null;
  const id = body?.messages?.[0]?.id;
  if (response.ok && typeof id === "string") return id;
  const code = typeof body?.error?.code === "number" ? body.error.code : null;
  // A 4xx with no code we know (a bad token, say) is the operator's to fix; retrying lets the fix land.
  throw new CloudApiError(response.status, code, response.status < 500 && response.status !== 429 && isPermanent(code));
}
