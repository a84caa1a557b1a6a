import { Fragment, type ReactNode } from "react";
import type { FieldRow, ParameterRow, ReferenceLabels, SchemaView } from "~/modules/api/reference";

/*
 * The API reference page's pieces (docs/architecture.md#api-reference): the document's little
 * markdown, and fields, parameters, schemas and examples as tables, rendered on the server.
 */

/** The document's little markdown: paragraphs, `code` and **bold**. */
export function Prose({ text, inline = false }: { text: string; inline?: boolean }) {
  const words = (paragraph: string) =>
    paragraph.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, at): ReactNode => {
      if (part.startsWith("`")) return <code key={at}>{part.slice(1, -1)}</code>;
      if (part.startsWith("**")) return <strong key={at}>{part.slice(2, -2)}</strong>;
      return <Fragment key={at}>{part}</Fragment>;
    });
  if (inline) return <>{words(text)}</>;
  return (
    <>
      {text.split(/\n\n+/).map((paragraph, index) =>
        paragraph.startsWith("- ") ? (
          <ul key={index}>
            {paragraph.split(/\n(?=- )/).map((item, at) => (
              <li key={at}>{words(item.slice(2))}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{words(paragraph)}</p>
        ),
      )}
    </>
  );
}

/** A field's type, linked to its schema's table when it is one. */
export function TypeCell({ type }: { type: FieldRow["type"] }) {
  return type.ref ? (
    <a href={`#schema-${type.ref}`}>
      <code>{type.text}</code>
    </a>
  ) : (
    <Prose text={type.text} inline />
  );
}

/** Fields (or parameters, with where they go and an example) as a table. */
export function FieldTable({
  rows,
  labels,
}: {
  rows: Array<FieldRow & Partial<ParameterRow>>;
  labels: ReferenceLabels;
}) {
  const parameters = rows.some((row) => row.in !== undefined);
  return (
    <div className="api-docs__scroll">
      <table>
        <thead>
          <tr>
            <th scope="col">{labels.name}</th>
            {parameters ? <th scope="col">{labels.in}</th> : null}
            <th scope="col">{labels.type}</th>
            <th scope="col">{labels.required}</th>
            <th scope="col">{labels.description}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in ?? ""}-${row.name}`}>
              <td>
                <code>{row.name}</code>
              </td>
              {parameters ? <td>{row.in}</td> : null}
              <td>
                <TypeCell type={row.type} />
              </td>
              <td>{row.required ? labels.yes : ""}</td>
              <td lang="en">
                <Prose text={row.description} inline />
                {row.example != null ? (
                  <>
                    {" "}
                    {labels.exampleLabelled} <code>{row.example}</code>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A schema as a table of its fields, or a link to the shared schema it is. */
export function SchemaTable({ schema, labels }: { schema: SchemaView; labels: ReferenceLabels }) {
  if (schema.ref)
    return (
      <p>
        {labels.seeSchema}{" "}
        <a href={`#schema-${schema.ref}`}>
          <code>{schema.ref}</code>
        </a>
      </p>
    );
  return schema.fields.length === 0 ? null : <FieldTable rows={schema.fields} labels={labels} />;
}

/** A JSON example, folded. */
export function Example({ json, labels }: { json: string | null; labels: ReferenceLabels }) {
  if (!json) return null;
  return (
    <details>
      <summary>{labels.example}</summary>
      <pre className="api-docs__code">{json}</pre>
    </details>
  );
}
