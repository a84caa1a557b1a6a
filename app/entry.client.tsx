import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { readEmbeddedI18n } from "~/modules/i18n/embedded";
import { TranslationProvider } from "~/modules/i18n/react";

const { language, resources } = readEmbeddedI18n();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <TranslationProvider language={language} resources={resources}>
        <RemixBrowser />
      </TranslationProvider>
    </StrictMode>,
  );
});
