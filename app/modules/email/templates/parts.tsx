import { Text } from "@react-email/components";
import type { TFunction } from "i18next";

/** An email's values, as the outbox stores them (rendered when enqueued, docs/architecture.md#outbox). */
export type EmailData = Record<string, string | number | null>;

/** One email template: its subject and body in the reader's language. */
export type EmailTemplate = (t: TFunction, data: EmailData) => { subject: string; body: JSX.Element };

/** A value of the email's data as text ("" for none). */
export const str = (value: string | number | null | undefined) => (value == null ? "" : String(value));

/** "Label: value" lines, the label in bold (`common:labelled` words the colon per language). */
export function LabelledLines({ t, lines }: { t: TFunction; lines: Array<[label: string, value: string]> }) {
  return (
    <>
      {lines.map(([label, value]) => (
        <Text key={label} style={{ margin: "4px 0" }}>
          <strong>{t("common:labelled", { label })}</strong> {value}
        </Text>
      ))}
    </>
  );
}
