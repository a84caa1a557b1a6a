import { lazy, Suspense, type ReactNode } from "react";
import { ClientOnly } from "~/components/client-only";
import { useTranslation } from "~/modules/i18n/react";

import type { MapLocation } from "./map-location";

// Leaflet (~40 KB gzip) is fetched only when a page shows the map, after hydration.
const LeafletMap = lazy(() => import("./locations-map.client"));

/**
 * The map of locations, an enhancement over the list every page renders beside it: the
 * server and browsers without JavaScript get nothing here, not a map that never loads.
 */
export function LocationsMap(props: {
  locations: MapLocation[];
  tileUrl: string;
  actions: (location: MapLocation) => ReactNode;
}) {
  const { t } = useTranslation("catalogue");
  return (
    <ClientOnly>
      {() => (
        <section className="map-frame" aria-label={t("map.label")}>
          <Suspense fallback={<p className="map-loading">{t("map.loading")}</p>}>
            <LeafletMap {...props} />
          </Suspense>
        </section>
      )}
    </ClientOnly>
  );
}
