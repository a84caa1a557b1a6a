import { describe, expect, it } from "vitest";
import * as dbEnums from "../../../db/schema/enums";
import { blockReasons } from "./car-block-form";

describe("out-of-service reasons (docs/domain.md#out-of-service)", () => {
  it("are the ones the database enum holds", () => {
    // The form's list stays pure (the browser bundle never reads db/), so a test keeps the two equal.
    expect(blockReasons).toEqual(dbEnums.blockReasons);
  });
});
