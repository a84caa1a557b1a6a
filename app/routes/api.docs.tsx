import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { openApiDocument } from "~/modules/api/openapi";
import { apiOperations } from "~/modules/api/registry";
import { useTranslation } from "~/modules/i18n/react";
import { getEnv } from "~/utils/env.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The API reference, rendered on the server from the same OpenAPI document as /api/openapi.json
 * (no script, no CDN). Reference content is in English; the page around it in the reader's language.
 */
export function loader({ context }: LoaderFunctionArgs) {
  const document = openApiDocument(apiOperations, getEnv().APP_URL);
  const operations = apiOperations.map((operation) => {
    const entry = document.paths[operation.path][operation.method.toLowerCase()] as {
      parameters: Array<{ name: string; in: string; required: boolean; schema: unknown; description?: string }>;
      requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
      responses: Record<string, { description: string; content?: { "application/json": { schema: unknown } } }>;
    };
    const [encoding, body] = Object.entries(entry.requestBody?.content ?? {})[0] ?? [];
    return {
      id: operation.id,
      tag: operation.tag,
      method: operation.method,
      path: operation.path,
      summary: operation.summary,
      description: operation.description ?? "",
      auth: operation.auth,
      parameters: entry.parameters.map((p) => ({ ...p, schema: JSON.stringify(p.schema) })),
      body: body
        ? { encoding, schema: pretty(body.schema), example: body.example === undefined ? null : pretty(body.example) }
        : null,
      responses: Object.entries(entry.responses).map(([status, response]) => ({
        status,
        description: response.description,
        // A 204 has no body.
        schema: Number(status) < 400 && response.content ? pretty(response.content["application/json"].schema) : null,
      })),
    };
  });
  return {
    title: `${context.t("api:docs.title")} · Rueda`,
    intro: document.info.description,
    operations,
    components: Object.entries(document.components.schemas).map(([name, schema]) => ({ name, schema: pretty(schema) })),
  };
}

/** The document's little markdown: paragraphs, `code` and **bold**. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\n+/).map((paragraph, index) => (
        <p key={index}>
          {paragraph.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, at): ReactNode => {
            if (part.startsWith("`")) return <code key={at}>{part.slice(1, -1)}</code>;
            if (part.startsWith("**")) return <strong key={at}>{part.slice(2, -2)}</strong>;
            return <Fragment key={at}>{part}</Fragment>;
          })}
        </p>
      ))}
    </>
  );
}

export default function ApiReferencePage() {
  const { t } = useTranslation();
  const { intro, operations, components } = useLoaderData<typeof loader>();
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  const authLabel = {
    none: t("api:docs.authNone"),
    optional: t("api:docs.authOptional"),
    user: t("api:docs.authUser"),
  };
  return (
    <section className="page stack api-docs">
      <h1>{t("api:docs.title")}</h1>
      <p className="lead">
        {t("api:docs.intro")} <a href="/api/openapi.json">/api/openapi.json</a>
      </p>
      <div className="card">
        <Prose text={intro} />
      </div>
      <nav aria-labelledby="api-operations">
        <h2 id="api-operations">{t("api:docs.operations")}</h2>
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
                    {operation.summary}
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
          <p>
            <strong>{operation.summary}</strong>
          </p>
          <Prose text={operation.description} />
          <p>
            {t("api:docs.auth")}: {authLabel[operation.auth]}
          </p>
          {operation.parameters.length > 0 ? (
            <>
              <h3>{t("api:docs.parameters")}</h3>
              <div className="api-docs__scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t("api:docs.name")}</th>
                      <th scope="col">{t("api:docs.in")}</th>
                      <th scope="col">{t("api:docs.required")}</th>
                      <th scope="col">{t("api:docs.schema")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {operation.parameters.map((parameter) => (
                      <tr key={`${parameter.in}-${parameter.name}`}>
                        <td>
                          <code>{parameter.name}</code>
                        </td>
                        <td>{parameter.in}</td>
                        <td>{parameter.required ? "✓" : ""}</td>
                        <td>
                          <code>{parameter.schema}</code>
                          {parameter.description ? <> {parameter.description}</> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
          {operation.body ? (
            <>
              <h3>
                {t("api:docs.body")} (<code>{operation.body.encoding}</code>)
              </h3>
              <pre className="api-docs__code">{operation.body.schema}</pre>
              {operation.body.example ? (
                <>
                  <h4>{t("api:docs.example")}</h4>
                  <pre className="api-docs__code">{operation.body.example}</pre>
                </>
              ) : null}
            </>
          ) : null}
          <h3>{t("api:docs.responses")}</h3>
          <dl className="api-docs__responses">
            {operation.responses.map((response) => (
              <Fragment key={response.status}>
                <dt>
                  <code>{response.status}</code>
                </dt>
                <dd>
                  <Prose text={response.description} />
                  {response.schema ? <pre className="api-docs__code">{response.schema}</pre> : null}
                </dd>
              </Fragment>
            ))}
          </dl>
        </article>
      ))}
      <section className="card stack" aria-labelledby="api-schemas">
        <h2 id="api-schemas">{t("api:docs.schema")}</h2>
        {components.map((component) => (
          <Fragment key={component.name}>
            <h3 id={`schema-${component.name}`}>{component.name}</h3>
            <pre className="api-docs__code">{component.schema}</pre>
          </Fragment>
        ))}
      </section>
    </section>
  );
}
