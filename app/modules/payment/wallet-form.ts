import { z } from "zod";
import { messages } from "~/modules/forms/messages";
import { normalizeTxId } from "./tron";

/** The USDT page's form: the transaction ID as the payer pastes it, checked the same in the browser and on the server. */
export const walletSchema = z.object({
  txId: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .transform((value, ctx) => {
      const txId = normalizeTxId(value);
      if (txId) return txId;
      ctx.addIssue({ code: "custom", message: "wallet:errors.txIdFormat" });
      return z.NEVER;
    }),
});
