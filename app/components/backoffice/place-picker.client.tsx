import L, { type LatLng, type LeafletMouseEvent } from "leaflet";
import { useMemo, useState } from "react";
import { MapContainer, Marker, TileLayer, useMapEvents } from "react-leaflet";
import { roundCoordinate, type Position } from "~/modules/places/place-form";
import { useTranslation } from "~/modules/i18n/react";

/*
 * Leaflet touches `window` when it is evaluated, so this module only ever loads in the browser
 * (the .client suffix empties it in the server build; place-picker.tsx imports it lazily after
 * hydration), as the catalogue's map does (docs/decisions/0008).
 */
const markerIcon = L.divIcon({
  className: "map-marker",
  html: "<span></span>",
  // A 44 px target (docs/architecture.md#phone) around the 22 px pin drawn at its bottom centre.
  iconSize: [44, 44],
  iconAnchor: [22, 44],
});

/** The whole country when no position is set yet. */
const COUNTRY_CENTER: [number, number] = [7.6, -66.2];
const COUNTRY_ZOOM = 5;
const PLACE_ZOOM = 13;

const toPosition = (latLng: LatLng): Position => {
  const wrapped = latLng.wrap();
  return { latitude: roundCoordinate(wrapped.lat), longitude: roundCoordinate(wrapped.lng) };
};

function ClickToPick({ onPick }: { onPick: (position: Position) => void }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onPick(toPosition(event.latlng)) });
  return null;
}

export default function PlacePickerMap({
  position,
  tileUrl,
  onPick,
}: {
  position: Position | null;
  tileUrl: string;
  onPick: (position: Position) => void;
}) {
  const { t } = useTranslation("adminPlaces");
  const [tilesFailed, setTilesFailed] = useState(false);
  // The map opens on the place, or on the country; later picks move the marker, not the view.
  const [initial] = useState(() =>
    position
      ? { center: [position.latitude, position.longitude] as [number, number], zoom: PLACE_ZOOM }
      : { center: COUNTRY_CENTER, zoom: COUNTRY_ZOOM },
  );
  const tileEvents = useMemo(() => ({ tileerror: () => setTilesFailed(true) }), []);
  const markerEvents = useMemo(
    () => ({ dragend: (event: L.DragEndEvent) => onPick(toPosition((event.target as L.Marker).getLatLng())) }),
    [onPick],
  );
  return (
    <>
      {tilesFailed ? (
        <p className="map-notice" role="status">
          {t("form.mapUnavailable")}
        </p>
      ) : null}
      <MapContainer
        center={initial.center}
        zoom={initial.zoom}
        scrollWheelZoom={false}
        className="map map--picker"
        attributionControl
      >
        <TileLayer
          url={tileUrl}
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
          eventHandlers={tileEvents}
        />
        <ClickToPick onPick={onPick} />
        {position ? (
          <Marker
            position={[position.latitude, position.longitude]}
            icon={markerIcon}
            draggable
            title={t("form.marker")}
            alt={t("form.marker")}
            eventHandlers={markerEvents}
          />
        ) : null}
      </MapContainer>
    </>
  );
}
