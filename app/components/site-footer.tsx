import { useTranslation } from "~/modules/i18n/react";
import { useRootData } from "./root-data";
import { SiteLink } from "./site-link";

export function SiteFooter() {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <footer className="site-footer">
      <nav aria-label={t("footer.label")}>
        <ul>
          <li>
            <SiteLink to="/about">{t("footer.aboutUs")}</SiteLink>
          </li>
          <li>
            <SiteLink to="/tos">{t("footer.tos")}</SiteLink>
          </li>
          <li>
            <SiteLink to="/">{t("footer.rentACar")}</SiteLink>
          </li>
          <li>
            <SiteLink to="/suppliers">{t("footer.suppliers")}</SiteLink>
          </li>
          <li>
            <SiteLink to="/locations">{t("footer.locations")}</SiteLink>
          </li>
          <li>
            <SiteLink to="/contact?topic=support">{t("footer.support")}</SiteLink>
          </li>
          <li>
            <SiteLink to="/contact">{t("footer.contact")}</SiteLink>
          </li>
        </ul>
      </nav>
      <p className="site-footer__legal">
        {t("footer.rights", { year: new Date().getFullYear() })}
        {root?.geoAttribution ? (
          <>
            {" · "}
            <a href="https://db-ip.com">IP Geolocation by DB-IP</a>
          </>
        ) : null}
      </p>
    </footer>
  );
}
