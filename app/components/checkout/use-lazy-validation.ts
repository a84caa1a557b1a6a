import { useEffect, useState } from "react";
import type { Validate } from "~/components/use-server-form";
import type { CheckoutSchemaOptions } from "~/modules/booking/checkout-schema";

/**
 * The browser's instant validation, loaded once the page is interactive: zod stays out of the
 * checkout's first load (docs/architecture.md#budgets), and the server validates every submit anyway.
 */
export function useLazyValidation(options: CheckoutSchemaOptions): Validate | null {
  const [validate, setValidate] = useState<Validate | null>(null);
  const key = JSON.stringify(options);
  useEffect(() => {
    let current = true;
    void import("~/modules/booking/checkout-validation").then(({ checkoutValidator }) => {
      if (current) setValidate(() => checkoutValidator(JSON.parse(key) as CheckoutSchemaOptions));
    });
    return () => {
      current = false;
    };
  }, [key]);
  return validate;
}
