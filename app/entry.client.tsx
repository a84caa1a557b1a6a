import { RemixBrowser } from "@remix-run/react";
import i18next, { type Resource } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { readEmbeddedI18n } from "~/modules/i18n/embedded";

async function hydrate() {
  const { language, resources } = readEmbeddedI18n();
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: resources as Resource,
    fallbackLng: language === "el" ? ["en"] : ["es"],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
