import type { SubmissionResult } from "@conform-to/react";
import type { PriceBreakdown } from "~/modules/pricing/pricing";

/** The submission a page's action answered with for one of its forms (`key`), to show that form's errors. */
export function replyOf(data: unknown, key: string): SubmissionResult<string[]> | undefined {
  return data && typeof data === "object" && key in data
    ? (data as Record<string, SubmissionResult<string[]>>)[key]
    : undefined;
}

/** The amendment's previewed price, nothing saved yet (docs/domain.md#amendment-preview), if the action answered one. */
export function amendPreviewOf(data: unknown): { breakdown: PriceBreakdown; changed: boolean } | null {
  return data && typeof data === "object" && "preview" in data
    ? (data.preview as { breakdown: PriceBreakdown; changed: boolean })
    : null;
}
