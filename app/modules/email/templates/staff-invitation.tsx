import { Button, Text } from "@react-email/components";
import { buttonStyle } from "./layout";
import { LabelledLines, str, type EmailTemplate } from "./parts";

/**
 * The invitation to a staff account (docs/domain.md#user-management): who invited them, to which
 * supplier (or as an administrator) and with what role, then the activation link where they
 * choose a password. It says what to do when the invitation was not expected, so it does not
 * read like the generic sign-up email.
 */
export const staffInvitation: EmailTemplate = (t, data) => {
  const role = str(data.role) === "admin" ? "admin" : "supplier";
  const values = { inviter: str(data.inviter), supplier: str(data.supplier) };
  return {
    subject: t(`staffInvitation.${role}.subject`, values),
    body: (
      <>
        <Text>{t("greeting", { name: str(data.fullName) })}</Text>
        <Text>{t(`staffInvitation.${role}.body`, values)}</Text>
        <LabelledLines
          t={t}
          lines={[
            [t("staffInvitation.invitedBy"), values.inviter],
            ...(role === "supplier" ? [[t("booking.supplier"), values.supplier] as [string, string]] : []),
            [t("staffInvitation.role"), t(`staffInvitation.roles.${role}`)],
          ]}
        />
        <Text>{t("staffInvitation.choosePassword")}</Text>
        <Button href={str(data.link)} style={buttonStyle}>
          {t("staffInvitation.button")}
        </Button>
        <Text>{t("activation.expiry")}</Text>
        <Text>{t("staffInvitation.notExpected")}</Text>
        <Text>{t("linkFallback", { link: str(data.link) })}</Text>
      </>
    ),
  };
};
