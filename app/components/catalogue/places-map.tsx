import type { ReactNode } from "react";
import { countryPaths, MAP_HEIGHT, MAP_WIDTH, placePins } from "~/modules/catalogue/country-map";
import { useTranslation } from "~/modules/i18n/react";
import type { MapLocation } from "./map-location";

/**
 * The places on a drawing of the country, rendered on the server: no script, no tiles, no
 * network (docs/decisions/0008). Each pin is whatever `pin` renders (a button of the search
 * form on the home page) placed over its spot; the drawing itself is decoration.
 */
export function PlacesMap({
  locations,
  pin,
  hint,
  footer,
  title,
}: {
  locations: MapLocation[];
  /** The map's (visually hidden) heading; the places' overview by default. */
  title?: string;
  pin: (location: MapLocation, style: { left: string; top: string }) => ReactNode;
  hint: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation("catalogue");
  return (
    <section className="map-frame places-map" aria-labelledby="places-map-title">
      <h3 id="places-map-title" className="visually-hidden">
        {title ?? t("map.overview")}
      </h3>
      <p className="places-map__hint">{hint}</p>
      <div className="places-map__canvas">
        <svg viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} aria-hidden="true" focusable="false">
          <path className="places-map__land" d={countryPaths.land} />
          <path className="places-map__water" d={countryPaths.lake} />
          <path className="places-map__river" d={countryPaths.river} />
        </svg>
        <ul className="places-map__pins">
          {placePins(locations).map((location) => (
            <li key={location.id}>{pin(location, { left: `${location.left}%`, top: `${location.top}%` })}</li>
          ))}
        </ul>
      </div>
      {footer}
    </section>
  );
}
