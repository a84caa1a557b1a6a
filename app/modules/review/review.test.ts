import { describe, expect, it } from "vitest";
import { reviewHiddenReasons as dbHiddenReasons } from "../../../db/schema/enums";
import {
  hideSchema,
  replySchema,
  REVIEW_COMMENT_MAX,
  REVIEW_REPLY_MAX,
  reviewHiddenReasons,
  reviewSchema,
  reviewWindowEnd,
  scoreOf,
} from "./review";

const review = {
  intent: "review",
  overall: "5",
  carCondition: "4",
  cleanliness: "4",
  staff: "5",
  value: "3",
  counterSpeed: "2",
};

describe("reviews' shared rules", () => {
  it("read a score only from 3 published reviews, rounded to one decimal", () => {
    expect(scoreOf(0, 0)).toEqual({ count: 0, average: null });
    expect(scoreOf(2, 10)).toEqual({ count: 2, average: null });
    expect(scoreOf(3, 13)).toEqual({ count: 3, average: 4.3 });
  });

  it("close the window 14 days after the return", () => {
    expect(reviewWindowEnd(new Date("2026-12-04T13:00:00Z")).toISOString()).toBe("2026-12-18T13:00:00.000Z");
  });

  it("take 1 to 5 stars for every aspect and a comment up to its limit", () => {
    expect(reviewSchema.safeParse({ ...review, comment: "x".repeat(REVIEW_COMMENT_MAX) }).success).toBe(true);
    expect(reviewSchema.safeParse({ ...review, comment: "x".repeat(REVIEW_COMMENT_MAX + 1) }).success).toBe(false);
    expect(reviewSchema.safeParse({ ...review, staff: "6" }).success).toBe(false);
    expect(reviewSchema.safeParse({ ...review, staff: "0" }).success).toBe(false);
    expect(reviewSchema.safeParse({ ...review, staff: undefined }).success).toBe(false);
  });

  it("take a reply of 1 to 1,000 characters and a reason of the fixed list only, the database's", () => {
    expect(reviewHiddenReasons).toEqual(dbHiddenReasons);
    const reply = { intent: "reply", bookingId: "7" };
    expect(replySchema.safeParse({ ...reply, reply: "x".repeat(REVIEW_REPLY_MAX) }).success).toBe(true);
    expect(replySchema.safeParse({ ...reply, reply: "x".repeat(REVIEW_REPLY_MAX + 1) }).success).toBe(false);
    expect(replySchema.safeParse({ ...reply, reply: "   " }).success).toBe(false);
    expect(hideSchema.safeParse({ intent: "hide", bookingId: "7", reason: "spam" }).success).toBe(true);
    expect(hideSchema.safeParse({ intent: "hide", bookingId: "7", reason: "boring" }).success).toBe(false);
    expect(hideSchema.safeParse({ intent: "hide", bookingId: "7" }).success).toBe(false);
  });
});
