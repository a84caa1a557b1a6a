import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useNonce } from "./nonce";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Off unless ANALYTICS_MEASUREMENT_ID is set: sends a page view on every navigation. */
export function Analytics({ measurementId }: { measurementId: string }) {
  const location = useLocation();
  const nonce = useNonce();
  useEffect(() => {
    window.dataLayer = window.dataLayer ?? [];
    window.gtag ??= function gtag(...args: unknown[]) {
      window.dataLayer!.push(args);
    };
    window.gtag("js", new Date());
    window.gtag("config", measurementId, { send_page_view: false });
  }, [measurementId]);
  useEffect(() => {
    window.gtag?.("event", "page_view", { page_path: location.pathname + location.search });
  }, [location.pathname, location.search]);
  return (
    <script
      async
      nonce={nonce}
      src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`}
    />
  );
}
