import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadTranslations } from "~/modules/i18n/translations-file";
import { TranslationProvider } from "~/modules/i18n/react";

void loadTranslations().then((translations) => {
  // Without the translations a hydrated page would show keys: it stays as the server sent it.
  if (!translations) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <TranslationProvider language={translations.language} resources={translations.resources}>
          <RemixBrowser />
        </TranslationProvider>
      </StrictMode>,
    );
  });
});
