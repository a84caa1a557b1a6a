/*
 * Components take `useTranslation` from here, not from react-i18next directly, so the
 * browser-side implementation can change without touching every component.
 */
export { useTranslation } from "react-i18next";
