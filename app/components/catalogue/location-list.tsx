import type { ReactNode } from "react";
import { useTranslation } from "~/modules/i18n/react";

export type ListedLocation = {
  id: number;
  name: string;
  kind: "airport" | "city";
  address: string;
  latitude: number;
  longitude: number;
};

/** Every location with its address and a plain map link: what the map shows, without it. */
export function LocationList({
  locations,
  actions,
}: {
  locations: ListedLocation[];
  actions: (location: ListedLocation) => ReactNode;
}) {
  const { t } = useTranslation("catalogue");
  return (
    <ul className="location-list">
      {locations.map((location) => (
        <li key={location.id} className="location-list__item">
          <h3 className="location-list__name">{location.name}</h3>
          <p className="location-list__meta">
            <span className="badge">{t(`map.${location.kind}`)}</span> {location.address}
          </p>
          <p className="location-list__actions">
            {actions(location)}
            <a
              href={`https://www.openstreetmap.org/?mlat=${location.latitude}&mlon=${location.longitude}#map=15/${location.latitude}/${location.longitude}`}
              rel="noopener"
              target="_blank"
            >
              {t("map.openMap")}
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}
