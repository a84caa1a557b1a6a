import { z } from "zod";
import { LIST_PAGE_SIZE } from "~/modules/list/paging";
import { REVIEW_COMMENT_MAX } from "~/modules/review/review";
import { defineOperation } from "../operation";
import { supplierScoreSchema } from "./catalogue";
import { idParams, pageQuery, pageSizeQuery } from "./shared";

/*
 * A supplier's reviews from verified renters (docs/domain.md#reviews), as the public reads them:
 * published and not hidden, never naming who wrote them.
 */

const tag = "Catalogue";

const star = (description: string) =>
  z
    .number()
    .int()
    .min(1)
    .max(5)
    .meta({ description: `${description}, 1 to 5 stars.` });

/** The stars of a review: the overall and the five aspects the driver scores. */
export const reviewStars = {
  overall: star("Overall"),
  carCondition: star("Car condition"),
  cleanliness: star("Cleanliness"),
  staff: star("Staff"),
  value: star("Value for money"),
  counterSpeed: star("Speed at the counter"),
};

const supplierReviewSchema = z
  .object({
    ...reviewStars,
    comment: z
      .string()
      .nullable()
      .meta({ description: `The driver's plain-text comment (at most ${REVIEW_COMMENT_MAX} characters), or null.` }),
    publishedAt: z.iso.datetime().meta({ description: "When it was published (UTC)." }),
    reply: z
      .object({
        text: z.string().meta({ description: "Plain text." }),
        repliedAt: z.iso.datetime().meta({ description: "UTC." }),
      })
      .nullable()
      .meta({ description: "The supplier's one public reply, or null." }),
  })
  .meta({
    id: "SupplierReview",
    description:
      "A published review of a verified renter, whose car came back at the counter. The author is not shown.",
  });

export const listSupplierReviews = defineOperation({
  id: "listSupplierReviews",
  method: "GET",
  path: "/api/suppliers/{id}/reviews",
  tag,
  summary: "A supplier's reviews",
  description: [
    "The supplier's reviews from verified renters (docs/domain.md#reviews): only those published (once both sides of the rental have written, or 14 days after the return) and not hidden by an admin, newest first, `pageSize` a page (30 when absent), with the score they make. A page past the last gives the last page.",
    "",
    "Where the spec says nothing: the author is not shown, not even a first name, as no page of the product shows it. An unknown or inactive supplier → 404.",
  ].join("\n"),
  auth: "none",
  params: idParams,
  query: z.object({ page: pageQuery, pageSize: pageSizeQuery(LIST_PAGE_SIZE) }),
  responses: {
    200: {
      description: "One page of reviews.",
      schema: z.object({
        reviews: z.array(supplierReviewSchema),
        score: supplierScoreSchema,
        total: z.number().int().meta({ description: "Its published reviews: the score's count." }),
        page: z.number().int(),
        pages: z.number().int(),
        pageSize: z.number().int(),
      }),
    },
  },
  errors: [404],
  example: { params: { id: "1" } },
});
