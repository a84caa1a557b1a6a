import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { Pagination } from "~/components/catalogue/pagination";
import { ReviewRead } from "~/components/review/review-read";
import { StarsRead } from "~/components/review/stars-field";
import { SupplierScore } from "~/components/review/supplier-score";
import { SiteLink } from "~/components/site-link";
import { stylesheets } from "~/components/stylesheets";
import { defaultPeriod } from "~/modules/availability/period";
import { noFilters } from "~/modules/catalogue/filters";
import { presentLocations } from "~/modules/catalogue/present.server";
import { getSuppliers } from "~/modules/catalogue/reference.server";
import { searchHref } from "~/modules/catalogue/search-query";
import { notFound } from "~/modules/http/not-found";
import { useTranslation } from "~/modules/i18n/react";
import { reviewAspects, starsOf } from "~/modules/review/review";
import { supplierAspectAverages, supplierReviewPage } from "~/modules/review/supplier-reviews.server";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { ErrorPage } from "~/root";
import bookingStyles from "~/styles/booking.css?url";
import catalogueStyles from "~/styles/catalogue.css?url";

export const links = stylesheets(catalogueStyles, bookingStyles);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Rueda" },
  { name: "description", content: data?.description ?? "" },
];

/** Reviews a page: a phone reads ten without scrolling for ever. */
const REVIEWS_PER_PAGE = 10;

/**
 * A supplier's public page (docs/domain.md#reviews): its score and count, its aspects' averages,
 * its visible reviews newest first with its replies, paged, and a search of its cars.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const supplier = (await getSuppliers()).find((s) => s.slug === params.slug);
  if (!supplier) throw notFound();
  const url = new URL(request.url);
  const [reviews, aspects, locations] = await Promise.all([
    supplierReviewPage(supplier.id, url.searchParams.get("page"), REVIEWS_PER_PAGE),
    supplierAspectAverages(supplier.id),
    presentLocations(context.language),
  ]);
  if (!reviews) throw notFound();
  const home = locations.find((l) => l.id === supplier.mainLocationId);
  const t = (key: string) => context.t(key, { ns: "reviews", supplier: supplier.name });
  return {
    title: `${t("supplierPage.title")} · Rueda`,
    description: t("supplierPage.lead"),
    supplier: { name: supplier.name, slug: supplier.slug, logo: supplier.logo },
    score: reviews.score,
    aspects,
    reviews: reviews.items.map((review) => ({
      stars: starsOf(review),
      comment: review.comment,
      reply: review.reply?.text ?? null,
      hiddenReason: null,
      on: wallClockLabel(review.publishedAt, APP_TIME_ZONE).slice(0, 10),
    })),
    page: reviews.page,
    pages: reviews.pages,
    searchHref: home
      ? searchHref({
          pickup: home.id,
          ...defaultPeriod(home.timeZone, new Date()),
          filters: { ...noFilters, suppliers: [supplier.id] },
        })
      : null,
  };
}

export default function SupplierPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("reviews");
  const { supplier } = data;
  return (
    <div className="page narrow stack supplier-page">
      {supplier.logo ? <img src={supplier.logo} alt="" width={60} height={30} /> : null}
      <h1>{t("supplierPage.title", { supplier: supplier.name })}</h1>
      <SupplierScore score={data.score} />
      {data.searchHref ? (
        <p>
          <SiteLink to={data.searchHref}>{t("catalogue:suppliers.seeCars", { name: supplier.name })}</SiteLink>
        </p>
      ) : null}
      {data.aspects ? (
        <section className="card" aria-labelledby="aspects-title">
          <h2 id="aspects-title">{t("supplierPage.aspects")}</h2>
          <dl className="stars-list">
            {reviewAspects.map((aspect) => (
              <StarsRead key={aspect} label={t(`aspects.${aspect}`)} value={data.aspects![aspect]} />
            ))}
          </dl>
        </section>
      ) : null}
      <section className="stack" aria-labelledby="reviews-title">
        <h2 id="reviews-title">{t("supplierPage.reviews")}</h2>
        {data.reviews.length === 0 ? (
          <p className="muted">{t("supplierPage.empty", { supplier: supplier.name })}</p>
        ) : (
          <ol className="stack supplier-page__reviews">
            {data.reviews.map((review, index) => (
              <li key={`${data.page}-${index}`} className="card stack">
                <p className="muted">{t("supplierPage.on", { date: review.on })}</p>
                <ReviewRead review={review} />
              </li>
            ))}
          </ol>
        )}
        <Pagination
          page={data.page}
          pages={data.pages}
          hrefFor={(page) => `/suppliers/${supplier.slug}?page=${page}`}
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
