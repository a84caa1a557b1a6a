import { Link } from "@remix-run/react";
import { useTranslation } from "~/modules/i18n/react";
import { useRootData } from "./root-data";

export function SiteFooter() {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <footer className="site-footer">
      <nav aria-label={t("footer.label")}>
        <ul>
          <li>
            <Link to="/about">{t("footer.aboutUs")}</Link>
          </li>
          <li>
            <Link to="/tos">{t("footer.tos")}</Link>
          </li>
          <li>
            <Link to="/">{t("footer.rentACar")}</Link>
          </li>
          <li>
            <Link to="/suppliers">{t("footer.suppliers")}</Link>
          </li>
          <li>
            <Link to="/locations">{t("footer.locations")}</Link>
          </li>
          <li>
            <Link to="/contact?topic=support">{t("footer.support")}</Link>
          </li>
          <li>
            <Link to="/contact">{t("footer.contact")}</Link>
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
