import { lazy, Suspense } from "react";
import { ClientOnly } from "~/components/client-only";
import { useTranslation } from "~/modules/i18n/react";
import type { Position } from "~/modules/places/place-form";

// Leaflet is fetched only on the pages that edit a place, after hydration.
const LeafletPicker = lazy(() => import("./place-picker.client"));

/**
 * Choosing a place's position on the map: an enhancement over the latitude and longitude fields,
 * which it fills. Without JavaScript there is no map, and the fields are typed.
 */
export function PlacePicker(props: {
  position: Position | null;
  tileUrl: string;
  onPick: (position: Position) => void;
}) {
  const { t } = useTranslation("adminPlaces");
  return (
    <ClientOnly>
      {() => (
        <section className="place-picker" aria-label={t("form.mapLabel")}>
          <p className="field__help">{t("form.mapHelp")}</p>
          <Suspense fallback={<p className="map-loading">{t("form.mapLoading")}</p>}>
            <LeafletPicker {...props} />
          </Suspense>
        </section>
      )}
    </ClientOnly>
  );
}
