import { describe, expect, it } from "vitest";
import { paymentMethods } from "../../../../db/schema/enums";
import { bookingPaymentMethods } from "./bookings";

describe("booking answers", () => {
  it("name every payment method the database knows", () => {
    expect([...bookingPaymentMethods].sort()).toEqual([...paymentMethods].sort());
  });
});
