import { describe, expect, it } from "vitest";
import { messages } from "~/modules/forms/messages";
import { carFormMessages } from "./car-limits";
import { carValuesFrom } from "./car-values";
import { errorsOf, parse, validForm } from "./car-form.fixture";

describe("the car form's cover (docs/domain.md#cover)", () => {
  it("refuses full insurance included while the collision damage waiver is not offered", () => {
    const errors = errorsOf(
      validForm({
        fullInsuranceKind: "included",
        fullInsuranceExcess: "0",
        collisionDamageWaiverKind: "unavailable",
        theftProtectionKind: "included",
        theftProtectionExcess: "500",
      }),
    );
    expect(errors).toEqual({ collisionDamageWaiverKind: [carFormMessages.fullIncludesPart] });
  });

  it("accepts full insurance included with its parts included", () => {
    const submission = parse(
      validForm({
        fullInsuranceKind: "included",
        fullInsuranceExcess: "0",
        collisionDamageWaiverKind: "included",
        collisionDamageWaiverExcess: "800",
        theftProtectionKind: "included",
        theftProtectionExcess: "1,000.50",
      }),
    );
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.reply().error));
    const { car } = carValuesFrom(submission.value);
    expect(car.collisionDamageWaiverExcessCents).toBe(80000);
    expect(car.theftProtectionExcessCents).toBe(100050);
    expect(car.fullInsuranceExcessCents).toBe(0);
  });

  it("asks the excess of an offered protection, and stores none for one not offered", () => {
    expect(errorsOf(validForm({ collisionDamageWaiverKind: "price", collisionDamageWaiverPrice: "11" }))).toEqual({
      collisionDamageWaiverExcess: [messages.required],
    });
    const submission = parse(validForm({ theftProtectionExcess: "900" }));
    if (submission.status !== "success") throw new Error("refused");
    expect(carValuesFrom(submission.value).car.theftProtectionExcessCents).toBe(0);
  });

  it("refuses full insurance leaving a higher excess than the waiver it contains", () => {
    const errors = errorsOf(
      validForm({
        collisionDamageWaiverKind: "price",
        collisionDamageWaiverPrice: "11",
        collisionDamageWaiverExcess: "500",
        fullInsuranceKind: "price",
        fullInsurancePrice: "20",
        fullInsuranceExcess: "600",
      }),
    );
    expect(errors).toEqual({ fullInsuranceExcess: [carFormMessages.fullExcessHigher] });
  });

  it("asks how the deposit is taken", () => {
    expect(errorsOf(validForm({ depositMethod: null }))).toEqual({ depositMethod: [messages.required] });
    expect(errorsOf(validForm({ depositMethod: "zelle" }))).toEqual({ depositMethod: [messages.required] });
  });
});
