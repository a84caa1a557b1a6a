import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/modules/i18n/react";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

export function loader({ context }: LoaderFunctionArgs) {
  return { title: `${context.t("tos.title", { ns: "pages" })} · Rueda` };
}

export default function TermsPage() {
  const { t } = useTranslation("pages");
  const sections = t("tos.sections", { returnObjects: true }) as unknown as Array<{ heading: string; body: string }>;
  return (
    <article className="page narrow prose">
      <h1>{t("tos.title")}</h1>
      <p className="lead">{t("tos.lead")}</p>
      {sections.map((s, i) => (
        <section key={s.heading}>
          <h2>
            {i + 1}. {s.heading}
          </h2>
          <p>{s.body}</p>
        </section>
      ))}
      <p className="muted">{t("tos.updated")}</p>
    </article>
  );
}
