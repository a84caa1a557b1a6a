import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { openApiDocument } from "~/modules/api/openapi";
import { apiOperations } from "~/modules/api/registry";
import { Example, FieldTable, Prose, SchemaTable } from "~/components/api/reference-tables";
import { referenceLabelKeys, referenceOf, type ReferenceLabels } from "~/modules/api/reference";
import { languageFromAcceptHeader } from "~/modules/i18n/accept-language";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { isLanguage, type Language } from "~/modules/i18n/languages";
import { languageCookie } from "~/utils/cookies.server";
import { getEnv } from "~/utils/env.server";
import { stylesheets } from "~/components/stylesheets";
import apiDocsStyles from "~/styles/api-docs.css?url";

export const links = stylesheets(apiDocsStyles);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

/**
 * The reference's language: the reader's choice (`?l=`, account, cookie), else their browser's
 * (`Accept-Language`), else English, the language the reference is written in — not the site's
 * Spanish default.
 */
async function referenceLanguage(request: Request, context: LoaderFunctionArgs["context"]): Promise<Language> {
  const chosen =
    isLanguage(new URL(request.url).searchParams.get("l")) ||
    context.user !== null ||
    isLanguage(await languageCookie.parse(request.headers.get("Cookie")));
  if (chosen) return context.language;
  return languageFromAcceptHeader(request.headers.get("Accept-Language")) ?? "en";
}

/**
 * The API reference, rendered on the server from the same OpenAPI document as /api/openapi.json:
 * schemas as tables, examples as JSON, no script and nothing from another origin
 * (docs/architecture.md#api-reference). Written in English; the page around it in the reader's language.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = await referenceLanguage(request, context);
  const t = getFixedT(language);
  const english = getFixedT("en");
  const document = openApiDocument(apiOperations, getEnv().APP_URL, (key) => english(key));
  return {
    title: `${t("api:docs.title")} · Rueda`,
    language,
    labels: {
      ...(Object.fromEntries(referenceLabelKeys.map((key) => [key, t(`api:docs.${key}`)])) as Record<
        (typeof referenceLabelKeys)[number],
        string
      >),
      // "Access:", "Example:", "Headers:" as each language writes a label before its value.
      ...Object.fromEntries(
        (["auth", "example", "headers"] as const).map((key) => [
          `${key}Labelled`,
          t("common:labelled", { label: t(`api:docs.${key}`) }),
        ]),
      ),
    } as ReferenceLabels,
    ...referenceOf(document),
  };
}

export default function ApiReferencePage() {
  const { intro, operations, components, labels, language } = useLoaderData<typeof loader>();
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  const authLabel = { none: labels.authNone, optional: labels.authOptional, user: labels.authUser };
  return (
    <section className="page stack api-docs" lang={language}>
      <h1>{labels.title}</h1>
      <p className="lead">
        {labels.intro} <a href="/api/openapi.json">/api/openapi.json</a>
      </p>
      {language === "en" ? null : <p>{labels.writtenInEnglish}</p>}
      <div className="card" lang="en">
        <Prose text={intro} />
      </div>
      <nav aria-labelledby="api-operations">
        <h2 id="api-operations">{labels.operations}</h2>
        {tags.map((tag) => (
          <Fragment key={tag}>
            <h3>{tag}</h3>
            <ul>
              {operations
                .filter((operation) => operation.tag === tag)
                .map((operation) => (
                  <li key={operation.id}>
                    <a href={`#${operation.id}`}>
                      <code>
                        {operation.method} {operation.path}
                      </code>
                    </a>{" "}
                    <span lang="en">{operation.summary}</span>
                  </li>
                ))}
            </ul>
          </Fragment>
        ))}
      </nav>
      {operations.map((operation) => (
        <article key={operation.id} id={operation.id} className="card stack api-docs__operation">
          <h2>
            <code>
              {operation.method} {operation.path}
            </code>
          </h2>
          <div lang="en">
            <p>
              <strong>{operation.summary}</strong>
            </p>
            <Prose text={operation.description} />
          </div>
          <p>
            {labels.authLabelled} {authLabel[operation.security]}
          </p>
          {operation.parameters.length > 0 ? (
            <>
              <h3>{labels.parameters}</h3>
              <FieldTable rows={operation.parameters} labels={labels} />
            </>
          ) : null}
          {operation.body ? (
            <>
              <h3>
                {labels.body} (<code>{operation.body.encoding}</code>)
              </h3>
              <SchemaTable schema={operation.body.schema} labels={labels} />
              <Example json={operation.body.example} labels={labels} />
            </>
          ) : null}
          <h3>{labels.responses}</h3>
          <dl className="api-docs__responses">
            {operation.responses.map((response) => (
              <Fragment key={response.status}>
                <dt>
                  <code>{response.status}</code>
                </dt>
                <dd>
                  <div lang="en">
                    <Prose text={response.description} />
                  </div>
                  {response.headers.length > 0 ? (
                    <p>
                      {labels.headersLabelled}{" "}
                      {response.headers.map((header) => (
                        <code key={header}>{header}</code>
                      ))}
                    </p>
                  ) : null}
                  {response.schema ? <SchemaTable schema={response.schema} labels={labels} /> : null}
                  <Example json={response.example} labels={labels} />
                </dd>
              </Fragment>
            ))}
          </dl>
        </article>
      ))}
      <section className="card stack" aria-labelledby="api-schemas">
        <h2 id="api-schemas">{labels.schemas}</h2>
        {components.map((component) => (
          <Fragment key={component.name}>
            <h3 id={`schema-${component.name}`}>
              <code>{component.name}</code>
            </h3>
            {component.description ? (
              <div lang="en">
                <Prose text={component.description} />
              </div>
            ) : null}
            <SchemaTable schema={component.schema} labels={labels} />
          </Fragment>
        ))}
      </section>
    </section>
  );
}
