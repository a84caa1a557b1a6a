import { Body, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

const styles = {
  body: { backgroundColor: "#f4f5f7", fontFamily: "Helvetica, Arial, sans-serif", color: "#1f2933" },
  container: {
    backgroundColor: "#ffffff",
    margin: "24px auto",
    padding: "24px",
    maxWidth: "560px",
    borderRadius: "8px",
  },
  brand: { fontSize: "22px", fontWeight: 700, color: "#0b6e4f", margin: 0 },
  footer: { fontSize: "12px", color: "#6b7280" },
};

export function EmailLayout({
  language,
  preview,
  footer,
  children,
}: {
  language: string;
  preview: string;
  footer: string;
  children: ReactNode;
}) {
  return (
    <Html lang={language}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>Rueda</Text>
          <Section>{children}</Section>
          <Hr />
          <Text style={styles.footer}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const buttonStyle = {
  backgroundColor: "#0b6e4f",
  color: "#ffffff",
  padding: "12px 20px",
  borderRadius: "6px",
  textDecoration: "none",
  display: "inline-block",
};
