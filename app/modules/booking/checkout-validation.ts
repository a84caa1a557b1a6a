import { parseWithZod } from "@conform-to/zod/v4";
import { checkoutSchema, type CheckoutSchemaOptions } from "./checkout-schema";

/** The browser's instant validation of the checkout form, loaded once the page is interactive (checkout-schema.ts). */
export function checkoutValidator(options: CheckoutSchemaOptions) {
  const schema = checkoutSchema(options);
  return (formData: FormData) => parseWithZod(formData, { schema });
}
