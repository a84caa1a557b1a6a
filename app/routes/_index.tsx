import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/modules/i18n/react";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Rueda" },
  { name: "description", content: data?.description ?? "" },
];

export function loader({ context }: LoaderFunctionArgs) {
  return { title: `Rueda · ${context.t("home.title")}`, description: context.t("home.lead") };
}

export default function Home() {
  const { t } = useTranslation();
  return (
    <section className="hero">
      <div className="hero__inner">
        <h1>{t("home.title")}</h1>
        <p className="lead">{t("home.lead")}</p>
        <p>
          <Link className="button" to="/locations">
            {t("nav.locations")}
          </Link>
        </p>
      </div>
    </section>
  );
}
