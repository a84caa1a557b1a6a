/** Lengths of the account fields, zod-free so pages that only need a number do not load the schemas (validation.ts). */
export const PASSWORD_MIN = 6;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const PASSWORD_MAX = 128;
export const FULL_NAME_MAX = 120;
export const LOCATION_MAX = 120;
export const BIO_MAX = 500;
export const DOCUMENT_NUMBER_MAX = 32;
