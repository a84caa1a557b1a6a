import { useState } from "react";
import leafletStyles from "leaflet/dist/leaflet.css?url";
import { ScriptButton } from "~/components/client-only";
import { LocationsMap } from "~/components/catalogue/locations-map";
import { PlacesMap } from "~/components/catalogue/places-map";
import { whatToBring } from "~/modules/booking/voucher";
import { useTranslation } from "~/modules/i18n/react";

export type VoucherData = {
  reference: string;
  /** The reference as a QR code, an SVG document drawn on the server. */
  qrSvg: string;
  pickup: { id: number; name: string; address: string; latitude: number; longitude: number };
  /** The pick-up point on OpenStreetMap. */
  mapHref: string;
  /** The tiles of the interactive map a driver may ask for (ADR 0008). */
  tileUrl: string;
  counter: string | null;
  supplier: { name: string; phone: string | null; phoneHref: string | null; whatsappHref: string | null };
};

/**
 * The voucher on the booking page (docs/domain.md#voucher), what the driver shows and needs at
 * the counter: the reference as text and QR code, the pick-up point on the drawn map with a link
 * to a full map, the counter instructions, the supplier's phone and WhatsApp, and what to bring.
 * No script needed.
 */
export function Voucher({ voucher }: { voucher: VoucherData }) {
  const { t } = useTranslation("bookings");
  const { t: tc } = useTranslation("catalogue");
  const [interactive, setInteractive] = useState(false);
  const { reference, pickup, supplier } = voucher;
  const openMap = (
    <a href={voucher.mapHref} target="_blank" rel="noreferrer">
      {t("voucher.openMap")}
    </a>
  );
  return (
    <section className="card stack voucher" id="voucher" aria-labelledby="voucher-title">
      <h2 id="voucher-title">{t("voucher.title")}</h2>
      <p className="muted">{t("voucher.show")}</p>
      <div className="voucher__code">
        <div
          className="qr voucher__qr"
          role="img"
          aria-label={t("voucher.qr", { reference })}
          data-testid="voucher-qr"
          dangerouslySetInnerHTML={{ __html: voucher.qrSvg }}
        />
        <p className="voucher__reference">{reference}</p>
      </div>

      <h3>{t("voucher.pickupPoint")}</h3>
      <p>
        {pickup.name}, {pickup.address}
      </p>
      {interactive ? (
        <>
          <link rel="stylesheet" href={leafletStyles} />
          <p>{openMap}</p>
          <LocationsMap locations={[pickup]} tileUrl={voucher.tileUrl} actions={() => openMap} />
        </>
      ) : (
        <PlacesMap
          locations={[pickup]}
          title={t("voucher.map", { place: pickup.name })}
          hint={openMap}
          pin={(place, position) => (
            <span className="places-map__pin places-map__pin--static" style={position}>
              <span className="places-map__name">{place.name}</span>
            </span>
          )}
          footer={
            <ScriptButton
              className="button button--small button--secondary places-map__upgrade"
              onClick={() => setInteractive(true)}
            >
              {tc("map.showInteractive")}
            </ScriptButton>
          }
        />
      )}
      {voucher.counter ? (
        <>
          <h3>{t("voucher.counter")}</h3>
          <p className="voucher__counter">{voucher.counter}</p>
        </>
      ) : null}

      {supplier.phoneHref || supplier.whatsappHref ? (
        <>
          <h3>{t("voucher.contact", { supplier: supplier.name })}</h3>
          <ul className="voucher__contact">
            {supplier.phoneHref ? (
              <li>
                {t("voucher.phone")} <a href={supplier.phoneHref}>{supplier.phone}</a>
              </li>
            ) : null}
            {supplier.whatsappHref ? (
              <li>
                <a className="button button--secondary" href={supplier.whatsappHref} target="_blank" rel="noreferrer">
                  {t("voucher.whatsapp", { supplier: supplier.name })}
                </a>
              </li>
            ) : null}
          </ul>
        </>
      ) : null}

      <h3>{t("voucher.bringTitle")}</h3>
      <ul>
        {whatToBring.map((key) => (
          <li key={key}>{t(`voucher.bring.${key}`)}</li>
        ))}
      </ul>
    </section>
  );
}
