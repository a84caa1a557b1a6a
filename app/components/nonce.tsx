import { createContext, useContext } from "react";

/** The CSP nonce of the response being rendered; empty in the browser, which hides it. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);

/**
 * The URL of the translations file the browser hydrates with (docs/architecture.md#translations),
 * given by entry.server for the document; empty in the browser, where the link already exists.
 */
export const TranslationsHrefContext = createContext("");
