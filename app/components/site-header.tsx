import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/modules/i18n/react";
import { languageNames, languages } from "~/modules/i18n/languages";
import { safeRedirect } from "~/modules/access/redirect";
import { useRootData } from "./root-data";
import { SiteLink, SiteNavLink } from "./site-link";

/**
 * The spec's header menu; a <details> disclosure, so it opens without JavaScript (a plain link
 * list: every link loads a new page, where it starts closed). With JavaScript a navigation keeps
 * the header, so its open menus close on every new location. On a phone the header is one row
 * (docs/architecture.md#phone): sign-up moves into the menu, the language and notifications show short.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const root = useRootData();
  const user = root?.user;
  const location = useLocation();
  const languageHref = (code: string) => {
    const params = new URLSearchParams(location.search);
    params.set("l", code);
    return `${location.pathname}?${params}`;
  };
  // Come back to this page after signing in, unless it is one of the account pages themselves.
  const here = safeRedirect(location.pathname + location.search, "");
  const signInHref = here && here !== "/" ? `/sign-in?redirectTo=${encodeURIComponent(here)}` : "/sign-in";
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    for (const menu of header.current?.querySelectorAll("details[open]") ?? []) menu.removeAttribute("open");
  }, [location.key]);
  return (
    <header className="site-header" ref={header}>
      <div className="site-header__inner">
        <SiteLink to="/" className="brand" aria-label={t("nav.homeAria")}>
          <img src="/logo.svg" alt="" width="28" height="28" />
          <span>Rueda</span>
        </SiteLink>
        <nav aria-label={t("nav.main")} className="site-nav">
          <details className="menu">
            <summary>{t("nav.menu")}</summary>
            <ul className="menu__list">
              <li>
                <SiteNavLink to="/" end>
                  {t("nav.home")}
                </SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/suppliers">{t("nav.suppliers")}</SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/locations">{t("nav.locations")}</SiteNavLink>
              </li>
              {user ? (
                <li>
                  <SiteNavLink to="/bookings">{t("nav.bookings")}</SiteNavLink>
                </li>
              ) : null}
              <li>
                <SiteNavLink to="/payment">{t("nav.directPayment")}</SiteNavLink>
              </li>
              {user && (user.type === "admin" || user.type === "supplier") ? (
                <li>
                  <SiteNavLink to="/admin">{t("admin:nav.menu")}</SiteNavLink>
                </li>
              ) : null}
              {user ? (
                <li>
                  <SiteNavLink to="/settings">{t("nav.settings")}</SiteNavLink>
                </li>
              ) : null}
              {user ? (
                <li>
                  <SiteNavLink to="/change-password">{t("auth:menu.changePassword")}</SiteNavLink>
                </li>
              ) : null}
              <li>
                <SiteNavLink to="/about">{t("nav.about")}</SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/tos">{t("nav.terms")}</SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/contact">{t("nav.contact")}</SiteNavLink>
              </li>
              {user ? null : (
                <li className="menu__phone-only">
                  <SiteNavLink to="/sign-up">{t("nav.signUp")}</SiteNavLink>
                </li>
              )}
            </ul>
          </details>
          <details className="menu menu--language">
            <summary>
              <span className="site-nav__label">{t("labelled", { label: t("nav.language") })} </span>
              <span lang={root?.language}>{root?.language.toUpperCase()}</span>
            </summary>
            <ul className="menu__list">
              {languages.map((code) => (
                <li key={code}>
                  {/* A full page load, so the page's translations are loaded for the new language. */}
                  <a
                    href={languageHref(code)}
                    lang={code}
                    hrefLang={code}
                    aria-current={root?.language === code ? "true" : undefined}
                  >
                    {languageNames[code]}
                  </a>
                </li>
              ))}
            </ul>
          </details>
          {user ? <NotificationsLink unread={user.unreadNotifications} /> : null}
          {user ? (
            <Form method="post" action="/sign-out" className="inline-form">
              <button type="submit" className="link-button">
                {t("nav.signOut")}
              </button>
            </Form>
          ) : (
            <>
              <SiteLink to={signInHref} className="button button--small">
                {t("nav.signIn")}
              </SiteLink>
              <SiteLink to="/sign-up" className="button button--small button--secondary site-nav__wide-only">
                {t("nav.signUp")}
              </SiteLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

/** The link to /notifications with the unread count as a badge; its name says the count in words. */
function NotificationsLink({ unread }: { unread: number }) {
  const { t } = useTranslation();
  return (
    <SiteNavLink
      to="/notifications"
      className="notifications-link"
      aria-label={unread > 0 ? t("nav.notificationsUnread", { count: unread }) : undefined}
    >
      <svg className="site-nav__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16h15.4L18 12.6V9a6 6 0 0 0-6-6zm-2.5 15a2.5 2.5 0 0 0 5 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span className="site-nav__label">{t("nav.notifications")}</span>
      {unread > 0 ? (
        <span className="badge badge--count" aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </SiteNavLink>
  );
}
