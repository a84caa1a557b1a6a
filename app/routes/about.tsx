import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/modules/i18n/react";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Rueda" },
  { name: "description", content: data?.description ?? "" },
];

export function loader({ context }: LoaderFunctionArgs) {
  return {
    title: `${context.t("about.title", { ns: "pages" })} · Rueda`,
    description: context.t("about.lead", { ns: "pages" }),
  };
}

export default function AboutPage() {
  const { t } = useTranslation("pages");
  const sections = t("about.sections", { returnObjects: true }) as unknown as Array<{ heading: string; body: string }>;
  return (
    <article className="page narrow prose">
      <h1>{t("about.title")}</h1>
      <p className="lead">{t("about.lead")}</p>
      {sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          <p>{s.body}</p>
        </section>
      ))}
    </article>
  );
}
