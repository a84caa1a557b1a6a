import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useContext, type ReactNode } from "react";
import { useTranslation } from "~/modules/i18n/react";
import { ActivationBanner } from "~/components/activation-banner";
import { useRootData, type RootData } from "~/components/root-data";
import { Analytics } from "~/components/analytics";
import { TranslationsHrefContext, useNonce } from "~/components/nonce";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useSiteLinks } from "~/components/site-link";
import { Toasts } from "~/components/toasts";
import { zodInBrowserScript } from "~/modules/forms/zod-in-browser";
import { TRANSLATIONS_LINK_ID } from "~/modules/i18n/translations-file";
import { getEnv } from "~/utils/env.server";
import { clearToastHeader, readToast, type Toast } from "~/utils/toast.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { bolivarEstimateRate, shownRate } from "~/modules/payment/config.server";
import stylesheet from "~/styles/app.css?url";
import sharedStyles from "~/styles/shared.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "stylesheet", href: sharedStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Rueda" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, language } = context;
  const flashed = await readToast(request);
  // A language link that could not be saved on the account still opens the page in that language, and says so.
  const toast: Toast | null =
    flashed ?? (context.languageNotSaved ? { type: "error", message: "common:error.changeLanguage" } : null);
  if (toast?.language && toast.language !== language)
    toast.text = String(getFixedT(toast.language)(toast.message, toast.values));
  const env = getEnv();
  const estimate = language === "es" ? await bolivarEstimateRate() : null;
  const data: RootData = {
    language,
    user: user && {
      id: user.id,
      fullName: user.fullName,
      type: user.type,
      activated: user.activated,
      unreadNotifications: user.unreadNotifications,
    },
    toast,
    analyticsId: env.ANALYTICS_MEASUREMENT_ID ?? null,
    geoAttribution: env.LANGUAGE_FROM_COUNTRY,
    bolivarEstimate: estimate && shownRate(estimate, language),
  };
  return json(data, flashed ? { headers: { "Set-Cookie": await clearToastHeader() } } : undefined);
}

/*
 * The root carries the language and the signed-in user; both change only through a
 * form submission (sign-in, settings) or a full reload (language links), so plain
 * navigations skip it and fetch only their own route's data. The header's unread
 * counter follows the same rule: it is fresh after every form submission and full load.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const translationsHref = useContext(TranslationsHrefContext);
  // The activation page is itself the way to activate: no "not activated, resend" banner above its form.
  const onActivation = useLocation().pathname === "/activate";
  useSiteLinks();
  const language = root?.language ?? "es";
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* suppressHydrationWarning: browsers hide a nonce from the DOM once the script has run. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: zodInBrowserScript }} suppressHydrationWarning />
        <Meta />
        {/* suppressHydrationWarning: the browser renders without the href, which the link already has. */}
        <link
          id={TRANSLATIONS_LINK_ID}
          rel="preload"
          as="fetch"
          crossOrigin="anonymous"
          href={translationsHref || undefined}
          suppressHydrationWarning
        />
        <Links />
        {/* No frame before the header is whole: its row is right-aligned, so a paint of half of it
            (a busy phone parses in slices) shows the menu moving left as the rest arrives (docs/architecture.md#forms).
            Spread: React's types do not know `blocking` yet. */}
        <link rel="expect" href="#main" {...{ blocking: "render" }} />
      </head>
      <body>
        <a href="#main" className="skip-link">
          {root ? <SkipLabel /> : "Skip to content"}
        </a>
        {root ? <SiteHeader /> : null}
        {root?.user && !root.user.activated && !onActivation ? <ActivationBanner /> : null}
        <main id="main">{children}</main>
        {root ? <SiteFooter /> : null}
        {root ? <Toasts toast={root.toast} /> : null}
        {root?.analyticsId ? <Analytics measurementId={root.analyticsId} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SkipLabel() {
  const { t } = useTranslation();
  return <>{t("nav.skip")}</>;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage error={error} />;
}

export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="page narrow error-page">
      <h1>{notFound ? t("notFound.title") : t("error.title")}</h1>
      <p>{notFound ? t("notFound.body") : status === 403 ? t("error.forbidden") : t("error.body")}</p>
      <p>
        <a className="button" href="/">
          {t("notFound.home")}
        </a>
      </p>
    </section>
  );
}
