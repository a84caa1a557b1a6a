import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { listSupplierReviews } from "~/modules/api/operations/catalogue-reviews";
import { LIST_PAGE_SIZE } from "~/modules/list/paging";
import { supplierReviewPage } from "~/modules/review/supplier-reviews.server";

const route = apiRoute(
  implement(listSupplierReviews, async ({ params, query }) => {
    const pageSize = query.pageSize ?? LIST_PAGE_SIZE;
    const found = await supplierReviewPage(params.id, query.page ?? null, pageSize);
    if (!found) throw new ApiError(404);
    const { items, score, total, page, pages } = found;
    return reply(200, {
      reviews: items.map(({ publishedAt, reply: answer, ...review }) => ({
        ...review,
        publishedAt: publishedAt.toISOString(),
        reply: answer && { text: answer.text, repliedAt: answer.repliedAt.toISOString() },
      })),
      score,
      total,
      page,
      pages,
      pageSize,
    });
  }),
);
export const loader = route.loader;
export const action = route.action;
