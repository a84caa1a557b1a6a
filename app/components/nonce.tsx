import { createContext, useContext } from "react";

/** The CSP nonce of the response being rendered; empty in the browser, which hides it. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);

/**
 * The translations the server rendered with, serialised once by entry.server for the
 * document. The browser reads them before hydrating, so they never travel in loader data.
 */
export const I18nPayloadContext = createContext("");
