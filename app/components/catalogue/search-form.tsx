import { Form, useNavigation } from "@remix-run/react";
import { forwardRef, useImperativeHandle, useRef, type ReactNode } from "react";
import { FieldErrors, FormErrors } from "~/components/form-errors";
import { useTranslation } from "~/modules/i18n/react";
import type { SearchErrors, SearchFormValues } from "~/modules/catalogue/search-query";

export type LocationOption = { id: number; name: string };

export const SEARCH_FORM_ID = "search-form";

/** What the home map and list do to the form: choose a place for one end of the rental. */
export type SearchFormHandle = { choose: (role: "pickup" | "dropoff", locationId: number) => void };

/**
 * The search cover: a GET form to /search, so results are bookmarkable and work without
 * JavaScript. Its fields are uncontrolled: what the browser shows is the truth, also for
 * whatever was typed before the page became interactive (a controlled field would be
 * put back to its server value by the first render after hydration). The drop-off place
 * is hidden by the stylesheet while "return to the same location" is ticked: the same with
 * and without JavaScript, so nothing moves when the page becomes interactive.
 */
export const SearchForm = forwardRef<
  SearchFormHandle,
  { values: SearchFormValues; errors?: SearchErrors; locations: LocationOption[]; heading?: ReactNode }
>(function SearchForm({ heading, ...fields }, ref) {
  return (
    <SearchFormElement labelledBy={heading ? "search-form-title" : undefined}>
      {heading ? <h2 id="search-form-title">{heading}</h2> : null}
      <SearchFields ref={ref} {...fields} />
    </SearchFormElement>
  );
});

/**
 * The search's `<form>`. The search page puts its filters and its order inside it too, beside
 * these fields, so one GET carries them all without a `form` attribute on each of their ~50
 * controls.
 */
export function SearchFormElement({ labelledBy, children }: { labelledBy?: string; children: ReactNode }) {
  return (
    <Form
      method="get"
      action="/search"
      id={SEARCH_FORM_ID}
      className="search-form"
      noValidate
      aria-labelledby={labelledBy}
    >
      {children}
    </Form>
  );
}

/** The places, dates and Search button, inside a `SearchFormElement`. */
export const SearchFields = forwardRef<
  SearchFormHandle,
  {
    values: SearchFormValues;
    errors?: SearchErrors;
    /** null while the browser hydrates a page whose server drew the lists (server-drawn.ts). */
    locations: LocationOption[] | null;
  }
>(function SearchFields({ values, errors = {}, locations }, ref) {
  const { t } = useTranslation("catalogue");
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/search";
  const labels = { pickup: t("form.pickup"), dropoff: t("form.dropoff"), from: t("form.from"), to: t("form.to") };
  // In the shape the shared error components read (conform's).
  const fieldErrors: Record<string, string[]> = Object.fromEntries(
    Object.entries(errors).flatMap(([name, error]) => (error ? [[name, [error]]] : [])),
  );
  const sameRef = useRef<HTMLInputElement>(null);
  const pickupRef = useRef<HTMLSelectElement>(null);
  const dropoffRef = useRef<HTMLSelectElement>(null);

  useImperativeHandle(ref, () => ({
    choose(role, locationId) {
      const select = role === "pickup" ? pickupRef.current : dropoffRef.current;
      if (!select) return;
      if (role === "dropoff" && sameRef.current) sameRef.current.checked = false;
      select.value = String(locationId);
      select.scrollIntoView({ block: "center", behavior: "smooth" });
    },
  }));

  return (
    <>
      <FormErrors form={{ allErrors: fieldErrors }} labels={labels} />
      <div className="search-form__grid">
        <div className="field">
          <label htmlFor="search-pickup">{labels.pickup}</label>
          <LocationSelect
            ref={pickupRef}
            id="search-pickup"
            name="pickup"
            value={values.pickup}
            error={errors.pickup}
            locations={locations}
          />
          <FieldErrors id="search-pickup-error" errors={fieldErrors.pickup} label={labels.pickup} />
        </div>
        <div className="field field--checkbox">
          <label className="checkbox" htmlFor="search-same">
            <input ref={sameRef} id="search-same" type="checkbox" name="same" value="1" defaultChecked={values.same} />
            <span>{t("form.same")}</span>
          </label>
        </div>
        <div className="field search-form__dropoff">
          <label htmlFor="search-dropoff">{labels.dropoff}</label>
          <LocationSelect
            ref={dropoffRef}
            id="search-dropoff"
            name="dropoff"
            value={values.dropoff}
            error={errors.dropoff}
            locations={locations}
            describedBy="search-dropoff-help"
          />
          <p className="field__help" id="search-dropoff-help">
            {t("form.dropoffHelp")}
          </p>
          <FieldErrors id="search-dropoff-error" errors={fieldErrors.dropoff} label={labels.dropoff} />
        </div>
        <div className="field">
          <label htmlFor="search-from">{labels.from}</label>
          <input
            id="search-from"
            name="from"
            type="datetime-local"
            defaultValue={values.from}
            aria-invalid={errors.from ? true : undefined}
            aria-describedby={`search-from-help${errors.from ? " search-from-error" : ""}`}
          />
          <p className="field__help" id="search-from-help">
            {t("form.timeZoneHelp")}
          </p>
          <FieldErrors id="search-from-error" errors={fieldErrors.from} label={labels.from} />
        </div>
        <div className="field">
          <label htmlFor="search-to">{labels.to}</label>
          <input
            id="search-to"
            name="to"
            type="datetime-local"
            defaultValue={values.to}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? "search-to-error" : undefined}
          />
          <FieldErrors id="search-to-error" errors={fieldErrors.to} label={labels.to} />
        </div>
        <div className="search-form__submit">
          <button type="submit" className="button" aria-busy={searching || undefined}>
            {searching ? t("form.searching") : t("form.submit")}
          </button>
        </div>
      </div>
    </>
  );
});

const LocationSelect = forwardRef<
  HTMLSelectElement,
  { id: string; name: string; value: string; error?: string; locations: LocationOption[] | null; describedBy?: string }
>(function LocationSelect({ id, name, value, error, locations, describedBy }, ref) {
  const { t } = useTranslation("catalogue");
  const described = [describedBy, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const props = {
    ref,
    id,
    name,
    defaultValue: value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
  };
  // The server's options, kept as they are while the page hydrates (their data was not sent).
  if (!locations) return <select {...props} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return (
    <select {...props}>
      <option value="">{t("form.choose")}</option>
      {locations.map((l) => (
        <option key={l.id} value={String(l.id)}>
          {l.name}
        </option>
      ))}
    </select>
  );
});
