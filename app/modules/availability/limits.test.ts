import { describe, expect, it } from "vitest";
import { limitFailure } from "./limits";

const HOUR = 3_600_000;
const now = new Date("2027-03-01T12:00:00Z");
const after = (hours: number) => new Date(now.getTime() + hours * HOUR);

describe("limitFailure (docs/domain.md#rental-limits)", () => {
  it("accepts a pick-up exactly at the notice and refuses one a minute earlier, naming the hours", () => {
    const limits = { minimumNoticeHours: 24, minimumDays: 1 };
    expect(limitFailure(limits, after(24), after(48), now)).toBeNull();
    expect(limitFailure(limits, new Date(after(24).getTime() - 60_000), after(48), now)).toEqual({
      reason: "minimumNotice",
      limit: 24,
    });
  });

  it("counts the days as the price does: a started day counts", () => {
    const limits = { minimumNoticeHours: 0, minimumDays: 3 };
    expect(limitFailure(limits, after(1), after(1 + 72), now)).toBeNull();
    expect(limitFailure(limits, after(1), after(1 + 49), now)).toBeNull();
    expect(limitFailure(limits, after(1), after(1 + 48), now)).toEqual({ reason: "minimumDays", limit: 3 });
  });

  it("asks nothing of a supplier without limits", () => {
    expect(limitFailure({ minimumNoticeHours: 0, minimumDays: 1 }, after(0), after(1), now)).toBeNull();
  });
});
