import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { backOfficeSections } from "~/modules/backoffice/sections";
import { requireBackOffice } from "~/modules/access/staff.server";
import { useTranslation } from "~/modules/i18n/react";
import { stylesheets } from "~/components/stylesheets";
import tablesStyles from "~/styles/tables.css?url";
import backOfficeStyles from "~/styles/backoffice.css?url";
import backOfficeOperationsStyles from "~/styles/backoffice-operations.css?url";

export const links = stylesheets(tablesStyles, backOfficeStyles, backOfficeOperationsStyles);

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** The back office's frame: its navigation, with the sections the caller's role may open. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  return json({ sections: backOfficeSections(user.type) });
}

export default function BackOfficeLayout() {
  const { t } = useTranslation("admin");
  const { sections } = useLoaderData<typeof loader>();
  return (
    <div className="backoffice">
      <nav className="backoffice__nav" aria-label={t("nav.label")}>
        <ul>
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path} end={section.path === "/admin"} prefetch="intent">
                {t(`nav.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="backoffice__main">
        <Outlet />
      </div>
    </div>
  );
}
