import L from "leaflet";
import { useMemo, useState, type ReactNode } from "react";
import { MapContainer, Marker, Popup, TileLayer } from "react-leaflet";
import { useTranslation } from "~/modules/i18n/react";
import type { MapLocation } from "./map-location";

/*
 * Leaflet touches `window` when it is evaluated, so this module only ever loads in the
 * browser (the .client suffix empties it in the server build, and the page imports it
 * lazily after hydration). Markers are div icons: no images to resolve through the bundler.
 */
const markerIcon = L.divIcon({
  className: "map-marker",
  html: "<span></span>",
  // A 44 px target (docs/architecture.md#phone) around the 22 px pin drawn at its bottom centre.
  iconSize: [44, 44],
  iconAnchor: [22, 44],
  popupAnchor: [0, -42],
});

export default function LocationsMap({
  locations,
  tileUrl,
  actions,
}: {
  locations: MapLocation[];
  tileUrl: string;
  actions: (location: MapLocation) => ReactNode;
}) {
  const { t } = useTranslation("catalogue");
  const [tilesFailed, setTilesFailed] = useState(false);
  const bounds = useMemo(
    () => L.latLngBounds(locations.map((l) => [l.latitude, l.longitude] as [number, number])).pad(0.15),
    [locations],
  );
  // A failing tile server must not break the page or fill the console: the list beside the
  // map already offers every location, so a short notice is all the visitor needs.
  const tileEvents = useMemo(() => ({ tileerror: () => setTilesFailed(true) }), []);
  return (
    <>
      {tilesFailed ? (
        <p className="map-notice" role="status">
          {t("map.unavailable")}
        </p>
      ) : null}
      <MapContainer bounds={bounds} scrollWheelZoom={false} className="map" attributionControl>
        <TileLayer
          url={tileUrl}
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
          eventHandlers={tileEvents}
        />
        {locations.map((location) => (
          <Marker
            key={location.id}
            position={[location.latitude, location.longitude]}
            icon={markerIcon}
            title={location.name}
            alt={location.name}
          >
            <Popup>
              <p className="map-popup__name">{location.name}</p>
              <div className="map-popup__actions">{actions(location)}</div>
            </Popup>
          </Marker>
        ))}
      </MapContainer>
    </>
  );
}
