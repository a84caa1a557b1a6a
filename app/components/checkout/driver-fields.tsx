import { Link } from "@remix-run/react";
import type { FormField as Field } from "~/components/field-props";
import { CheckboxField, TermsField } from "~/components/form-choices";
import { TextField } from "~/components/forms";
import { useTranslation } from "~/modules/i18n/react";

export type AccountDriver = { fullName: string; email: string; phone: string | null; birthDate: string | null };

/** A signed-in driver's details, read-only from the account; what the account lacks is asked. */
export function AccountDriverFields({
  driver,
  phone,
  birthDate,
  labels,
}: {
  driver: AccountDriver;
  phone: Field;
  birthDate: Field;
  labels: Record<string, string>;
}) {
  const { t } = useTranslation("booking");
  return (
    <fieldset className="stack">
      <legend>{t("driver.title")}</legend>
      <dl>
        <dt>{labels.fullName}</dt>
        <dd>{driver.fullName}</dd>
        <dt>{labels.email}</dt>
        <dd>{driver.email}</dd>
        {driver.phone ? (
          <>
            <dt>{labels.phone}</dt>
            <dd>{driver.phone}</dd>
          </>
        ) : null}
        {driver.birthDate ? (
          <>
            <dt>{labels.birthDate}</dt>
            <dd>{driver.birthDate}</dd>
          </>
        ) : null}
      </dl>
      {driver.phone ? null : <TextField field={phone} label={labels.phone} type="tel" autoComplete="tel" />}
      {driver.birthDate ? null : (
        <TextField field={birthDate} label={labels.birthDate} type="date" autoComplete="bday" />
      )}
    </fieldset>
  );
}

/** A visitor's details and the Terms of Use; an already registered address gets a way to sign in and come back. */
export function VisitorDriverFields({
  fields,
  labels,
  signInHref,
  emailTaken,
}: {
  fields: { fullName: Field; email: Field; phone: Field; birthDate: Field; tos: Field };
  labels: Record<string, string>;
  /** Sign-in that comes back to this checkout with the choices made. */
  signInHref: string;
  emailTaken: boolean;
}) {
  const { t } = useTranslation("booking");
  return (
    <fieldset className="stack">
      <legend>{t("driver.title")}</legend>
      <p className="muted">
        {t("driver.visitorHelp")} <Link to={signInHref}>{t("driver.signIn")}</Link>
      </p>
      <TextField field={fields.fullName} label={labels.fullName} autoComplete="name" />
      <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" />
      {emailTaken ? (
        <p>
          <Link to={signInHref}>{t("driver.signIn")}</Link>
        </p>
      ) : null}
      <TextField field={fields.phone} label={labels.phone} type="tel" autoComplete="tel" />
      <TextField field={fields.birthDate} label={labels.birthDate} type="date" autoComplete="bday" />
      <TermsField field={fields.tos} label={labels.tos} readLabel={t("auth:signUp.readTos")} />
    </fieldset>
  );
}

/** Messages on WhatsApp (docs/domain.md#whatsapp): the box and the number; the voucher still comes by email. */
export function WhatsappConsentFields({ optIn, number }: { optIn: Field; number: Field }) {
  const { t } = useTranslation();
  return (
    <fieldset className="stack">
      <legend>{t("auth:whatsapp.title")}</legend>
      <CheckboxField field={optIn} label={t("auth:whatsapp.optIn")} help={t("auth:whatsapp.help")} />
      <TextField field={number} label={t("auth:whatsapp.number")} type="tel" autoComplete="tel" />
    </fieldset>
  );
}

/**
 * The additional driver; without JavaScript it is always shown, saying when it is needed. Hidden
 * fields are disabled too, so nothing of them is posted.
 */
export function AdditionalDriverFields({
  fields,
  labels,
  optional,
  hidden,
}: {
  fields: { additionalFullName: Field; additionalEmail: Field; additionalPhone: Field; additionalBirthDate: Field };
  labels: Record<string, string>;
  optional: boolean;
  hidden: boolean;
}) {
  const { t } = useTranslation("booking");
  return (
    <fieldset className="stack" hidden={hidden} disabled={hidden}>
      <legend>{t("additionalDriver.title")}</legend>
      <p className="muted">{optional ? t("additionalDriver.includedHelp") : t("additionalDriver.help")}</p>
      <TextField field={fields.additionalFullName} label={labels.additionalFullName} autoComplete="off" />
      <TextField field={fields.additionalEmail} label={labels.additionalEmail} type="email" autoComplete="off" />
      <TextField field={fields.additionalPhone} label={labels.additionalPhone} type="tel" autoComplete="off" />
      <TextField field={fields.additionalBirthDate} label={labels.additionalBirthDate} type="date" autoComplete="off" />
    </fieldset>
  );
}
