import { sql } from "drizzle-orm";
import type { Database, Transaction } from "./client";
import * as s from "./schema";

export const DEMO_PASSWORD = "Rueda2026!";
export const demoLogins = [
  { role: "admin", email: "admin@rueda.example" },
  { role: "supplier", email: "staff@llanos.example" },
  { role: "driver", email: "driver@rueda.example" },
] as const;
export const SUSPENDED_DEMO_EMAIL = "suspended@rueda.example";

/** Small deterministic PRNG so every fresh database gets the same demo fleet. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Counter instructions of the demo places (docs/domain.md#voucher): airports share one, city offices
 * another. The hours are not written here: they are the places' opening hours (docs/domain.md#opening-hours).
 */
const airportCounter = {
  counterEs:
    "Los mostradores de alquiler están en el hall de llegadas nacionales, frente a la salida de equipajes. Si no ve a su proveedor, llámelo o escríbale por WhatsApp: lo buscan en la puerta.",
  counterEn:
    "The rental counters are in the domestic arrivals hall, opposite baggage claim. If you cannot see your supplier, call or message them on WhatsApp: they meet you at the door.",
};
const cityCounter = {
  counterEs: "La oficina está en la planta baja, al lado de la entrada del estacionamiento.",
  counterEn: "The office is on the ground floor, next to the car park entrance.",
};

const everyDay = (open: string, close: string) =>
  Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, { open, close }]),
  ) as NonNullable<(typeof s.locations.$inferInsert)["openingHours"]>;

/**
 * Demo opening hours (docs/domain.md#opening-hours): airports 06:00–22:00 every day, with a $25
 * handover outside them; city offices 08:00–18:00 Monday to Saturday and a short Sunday morning,
 * no service outside them.
 */
const demoHours = (kind: "airport" | "city") =>
  kind === "airport"
    ? { openingHours: everyDay("06:00", "22:00"), outOfHoursFeeCents: 2500 }
    : {
        openingHours: { ...everyDay("08:00", "18:00"), sun: { open: "09:00", close: "13:00" } },
        outOfHoursFeeCents: null,
      };

export const locationRows: Array<typeof s.locations.$inferInsert> = [
  {
    slug: "maiquetia-airport",
    kind: "airport",
    nameEs: "Aeropuerto de Maiquetía (CCS)",
    nameEn: "Maiquetía Airport (CCS)",
    nameFr: "Aéroport de Maiquetía (CCS)",
    nameEl: "Αεροδρόμιο Μαϊκετία (CCS)",
    address: "Av. Intercomunal Aeropuerto, Maiquetía, La Guaira",
    latitude: 10.6031,
    longitude: -66.9906,
    ...airportCounter,
    counterFr:
      "Les comptoirs de location sont dans le hall des arrivées nationales, face à la livraison des bagages. Si vous ne voyez pas votre loueur, appelez-le ou écrivez-lui sur WhatsApp : il vient vous chercher à la porte.",
    counterEl:
      "Τα γκισέ ενοικίασης βρίσκονται στην αίθουσα αφίξεων εσωτερικού, απέναντι από την παραλαβή αποσκευών. Αν δεν βλέπετε τον πάροχό σας, καλέστε τον ή στείλτε του μήνυμα στο WhatsApp: θα σας συναντήσει στην πόρτα.",
  },
  {
    slug: "caracas-altamira",
    kind: "city",
    nameEs: "Caracas – Altamira",
    nameEn: "Caracas – Altamira",
    nameFr: "Caracas – Altamira",
    nameEl: "Καράκας – Αλταμίρα",
    address: "Av. Francisco de Miranda, Altamira, Caracas",
    latitude: 10.4961,
    longitude: -66.849,
    ...cityCounter,
    counterFr:
      "L’agence est au rez-de-chaussée, à côté de l’entrée du parking. Ouverte du lundi au samedi, de 8 h à 18 h.",
    counterEl:
      "Το γραφείο βρίσκεται στο ισόγειο, δίπλα στην είσοδο του χώρου στάθμευσης. Ανοιχτό Δευτέρα έως Σάββατο, 8:00 έως 18:00.",
  },
  {
    slug: "caracas-las-mercedes",
    kind: "city",
    nameEs: "Caracas – Las Mercedes",
    nameEn: "Caracas – Las Mercedes",
    nameFr: "Caracas – Las Mercedes",
    nameEl: "Καράκας – Λας Μερσέδες",
    address: "Calle París, Las Mercedes, Caracas",
    latitude: 10.4806,
    longitude: -66.8603,
    ...cityCounter,
    counterFr:
      "L’agence est au rez-de-chaussée, à côté de l’entrée du parking. Ouverte du lundi au samedi, de 8 h à 18 h.",
    counterEl:
      "Το γραφείο βρίσκεται στο ισόγειο, δίπλα στην είσοδο του χώρου στάθμευσης. Ανοιχτό Δευτέρα έως Σάββατο, 8:00 έως 18:00.",
  },
  {
    slug: "valencia-airport",
    kind: "airport",
    nameEs: "Aeropuerto de Valencia (VLN)",
    nameEn: "Valencia Airport (VLN)",
    nameFr: "Aéroport de Valencia (VLN)",
    nameEl: "Αεροδρόμιο Βαλένθια (VLN)",
    address: "Aeropuerto Arturo Michelena, Valencia, Carabobo",
    latitude: 10.1496,
    longitude: -67.9284,
    ...airportCounter,
    counterFr:
      "Les comptoirs de location sont dans le hall des arrivées nationales, face à la livraison des bagages. Si vous ne voyez pas votre loueur, appelez-le ou écrivez-lui sur WhatsApp : il vient vous chercher à la porte.",
    counterEl:
      "Τα γκισέ ενοικίασης βρίσκονται στην αίθουσα αφίξεων εσωτερικού, απέναντι από την παραλαβή αποσκευών. Αν δεν βλέπετε τον πάροχό σας, καλέστε τον ή στείλτε του μήνυμα στο WhatsApp: θα σας συναντήσει στην πόρτα.",
  },
  {
    slug: "valencia-centro",
    kind: "city",
    nameEs: "Valencia – Centro",
    nameEn: "Valencia – City centre",
    nameFr: "Valencia – Centre-ville",
    nameEl: "Βαλένθια – Κέντρο",
    address: "Av. Bolívar Norte, Valencia, Carabobo",
    latitude: 10.162,
    longitude: -68.0077,
    ...cityCounter,
    counterFr:
      "L’agence est au rez-de-chaussée, à côté de l’entrée du parking. Ouverte du lundi au samedi, de 8 h à 18 h.",
    counterEl:
      "Το γραφείο βρίσκεται στο ισόγειο, δίπλα στην είσοδο του χώρου στάθμευσης. Ανοιχτό Δευτέρα έως Σάββατο, 8:00 έως 18:00.",
  },
  {
    slug: "maracaibo-airport",
    kind: "airport",
    nameEs: "Aeropuerto de Maracaibo (MAR)",
    nameEn: "Maracaibo Airport (MAR)",
    nameFr: "Aéroport de Maracaibo (MAR)",
    nameEl: "Αεροδρόμιο Μαρακαΐμπο (MAR)",
    address: "Aeropuerto La Chinita, Maracaibo, Zulia",
    latitude: 10.5582,
    longitude: -71.7279,
    ...airportCounter,
    counterFr:
      "Les comptoirs de location sont dans le hall des arrivées nationales, face à la livraison des bagages. Si vous ne voyez pas votre loueur, appelez-le ou écrivez-lui sur WhatsApp : il vient vous chercher à la porte.",
    counterEl:
      "Τα γκισέ ενοικίασης βρίσκονται στην αίθουσα αφίξεων εσωτερικού, απέναντι από την παραλαβή αποσκευών. Αν δεν βλέπετε τον πάροχό σας, καλέστε τον ή στείλτε του μήνυμα στο WhatsApp: θα σας συναντήσει στην πόρτα.",
  },
  {
    slug: "barquisimeto-airport",
    kind: "airport",
    nameEs: "Aeropuerto de Barquisimeto (BRM)",
    nameEn: "Barquisimeto Airport (BRM)",
    nameFr: "Aéroport de Barquisimeto (BRM)",
    nameEl: "Αεροδρόμιο Μπαρκισιμέτο (BRM)",
    address: "Aeropuerto Jacinto Lara, Barquisimeto, Lara",
    latitude: 10.0427,
    longitude: -69.3586,
    ...airportCounter,
    counterFr:
      "Les comptoirs de location sont dans le hall des arrivées nationales, face à la livraison des bagages. Si vous ne voyez pas votre loueur, appelez-le ou écrivez-lui sur WhatsApp : il vient vous chercher à la porte.",
    counterEl:
      "Τα γκισέ ενοικίασης βρίσκονται στην αίθουσα αφίξεων εσωτερικού, απέναντι από την παραλαβή αποσκευών. Αν δεν βλέπετε τον πάροχό σας, καλέστε τον ή στείλτε του μήνυμα στο WhatsApp: θα σας συναντήσει στην πόρτα.",
  },
  {
    slug: "porlamar-airport",
    kind: "airport",
    nameEs: "Aeropuerto de Margarita (PMV)",
    nameEn: "Margarita Airport (PMV)",
    nameFr: "Aéroport de Margarita (PMV)",
    nameEl: "Αεροδρόμιο Μαργαρίτα (PMV)",
    address: "Aeropuerto Santiago Mariño, Porlamar, Nueva Esparta",
    latitude: 10.9126,
    longitude: -63.9666,
    ...airportCounter,
    counterFr:
      "Les comptoirs de location sont dans le hall des arrivées nationales, face à la livraison des bagages. Si vous ne voyez pas votre loueur, appelez-le ou écrivez-lui sur WhatsApp : il vient vous chercher à la porte.",
    counterEl:
      "Τα γκισέ ενοικίασης βρίσκονται στην αίθουσα αφίξεων εσωτερικού, απέναντι από την παραλαβή αποσκευών. Αν δεν βλέπετε τον πάροχό σας, καλέστε τον ή στείλτε του μήνυμα στο WhatsApp: θα σας συναντήσει στην πόρτα.",
  },
  {
    slug: "merida-centro",
    kind: "city",
    nameEs: "Mérida – Centro",
    nameEn: "Mérida – City centre",
    nameFr: "Mérida – Centre-ville",
    nameEl: "Μέριδα – Κέντρο",
    address: "Av. Las Américas, Mérida",
    latitude: 8.5897,
    longitude: -71.1561,
    ...cityCounter,
    counterFr:
      "L’agence est au rez-de-chaussée, à côté de l’entrée du parking. Ouverte du lundi au samedi, de 8 h à 18 h.",
    counterEl:
      "Το γραφείο βρίσκεται στο ισόγειο, δίπλα στην είσοδο του χώρου στάθμευσης. Ανοιχτό Δευτέρα έως Σάββατο, 8:00 έως 18:00.",
  },
  {
    slug: "puerto-ordaz-airport",
    kind: "airport",
    nameEs: "Aeropuerto de Puerto Ordaz (PZO)",
    nameEn: "Puerto Ordaz Airport (PZO)",
    nameFr: "Aéroport de Puerto Ordaz (PZO)",
    nameEl: "Αεροδρόμιο Πουέρτο Όρδας (PZO)",
    address: "Aeropuerto Manuel Piar, Puerto Ordaz, Bolívar",
    latitude: 8.2885,
    longitude: -62.7604,
    ...airportCounter,
    counterFr:
      "Les comptoirs de location sont dans le hall des arrivées nationales, face à la livraison des bagages. Si vous ne voyez pas votre loueur, appelez-le ou écrivez-lui sur WhatsApp : il vient vous chercher à la porte.",
    counterEl:
      "Τα γκισέ ενοικίασης βρίσκονται στην αίθουσα αφίξεων εσωτερικού, απέναντι από την παραλαβή αποσκευών. Αν δεν βλέπετε τον πάροχό σας, καλέστε τον ή στείλτε του μήνυμα στο WhatsApp: θα σας συναντήσει στην πόρτα.",
  },
  {
    slug: "puerto-la-cruz",
    kind: "city",
    nameEs: "Puerto La Cruz – Paseo Colón",
    nameEn: "Puerto La Cruz – Paseo Colón",
    nameFr: "Puerto La Cruz – Paseo Colón",
    nameEl: "Πουέρτο Λα Κρους – Πασέο Κολόν",
    address: "Paseo Colón, Puerto La Cruz, Anzoátegui",
    latitude: 10.2167,
    longitude: -64.6333,
    ...cityCounter,
    counterFr:
      "L’agence est au rez-de-chaussée, à côté de l’entrée du parking. Ouverte du lundi au samedi, de 8 h à 18 h.",
    counterEl:
      "Το γραφείο βρίσκεται στο ισόγειο, δίπλα στην είσοδο του χώρου στάθμευσης. Ανοιχτό Δευτέρα έως Σάββατο, 8:00 έως 18:00.",
  },
  {
    slug: "maturin-airport",
    kind: "airport",
    nameEs: "Aeropuerto de Maturín (MUN)",
    nameEn: "Maturín Airport (MUN)",
    nameFr: "Aéroport de Maturín (MUN)",
    nameEl: "Αεροδρόμιο Ματουρίν (MUN)",
    address: "Aeropuerto José Tadeo Monagas, Maturín, Monagas",
    latitude: 9.749,
    longitude: -63.1534,
    ...airportCounter,
    counterFr:
      "Les comptoirs de location sont dans le hall des arrivées nationales, face à la livraison des bagages. Si vous ne voyez pas votre loueur, appelez-le ou écrivez-lui sur WhatsApp : il vient vous chercher à la porte.",
    counterEl:
      "Τα γκισέ ενοικίασης βρίσκονται στην αίθουσα αφίξεων εσωτερικού, απέναντι από την παραλαβή αποσκευών. Αν δεν βλέπετε τον πάροχό σας, καλέστε τον ή στείλτε του μήνυμα στο WhatsApp: θα σας συναντήσει στην πόρτα.",
  },
  {
    slug: "san-cristobal",
    kind: "city",
    nameEs: "San Cristóbal – Centro",
    nameEn: "San Cristóbal – City centre",
    nameFr: "San Cristóbal – Centre-ville",
    nameEl: "Σαν Κριστόμπαλ – Κέντρο",
    address: "Av. 19 de Abril, San Cristóbal, Táchira",
    latitude: 7.7669,
    longitude: -72.225,
    ...cityCounter,
    counterFr:
      "L’agence est au rez-de-chaussée, à côté de l’entrée du parking. Ouverte du lundi au samedi, de 8 h à 18 h.",
    counterEl:
      "Το γραφείο βρίσκεται στο ισόγειο, δίπλα στην είσοδο του χώρου στάθμευσης. Ανοιχτό Δευτέρα έως Σάββατο, 8:00 έως 18:00.",
  },
  {
    slug: "cumana-airport",
    kind: "airport",
    nameEs: "Aeropuerto de Cumaná (CUM)",
    nameEn: "Cumaná Airport (CUM)",
    nameFr: "Aéroport de Cumaná (CUM)",
    nameEl: "Αεροδρόμιο Κουμανά (CUM)",
    address: "Aeropuerto Antonio José de Sucre, Cumaná, Sucre",
    latitude: 10.4503,
    longitude: -64.1305,
    ...airportCounter,
    counterFr:
      "Les comptoirs de location sont dans le hall des arrivées nationales, face à la livraison des bagages. Si vous ne voyez pas votre loueur, appelez-le ou écrivez-lui sur WhatsApp : il vient vous chercher à la porte.",
    counterEl:
      "Τα γκισέ ενοικίασης βρίσκονται στην αίθουσα αφίξεων εσωτερικού, απέναντι από την παραλαβή αποσκευών. Αν δεν βλέπετε τον πάροχό σας, καλέστε τον ή στείλτε του μήνυμα στο WhatsApp: θα σας συναντήσει στην πόρτα.",
  },
];

/** The demo suppliers' counter phone and WhatsApp (international digits). */
const supplierPhones: Record<string, string> = {
  llanos: "584141112233",
  caribe: "584242223344",
  andes: "584163334455",
  margarita: "584264445566",
  orinoco: "584125556677",
  avila: "584146667788",
};

/** The demo suppliers' RIF (valid check digits, docs/domain.md#fleet-data) and fiscal address. */
const supplierFiscal: Record<string, { rif: string; fiscalAddress: string }> = {
  llanos: {
    rif: "J-30125874-6",
    fiscalAddress: "Av. Francisco de Miranda, Torre Llanos, piso 3, Chacao, Caracas 1060",
  },
  caribe: {
    rif: "J-40236981-6",
    fiscalAddress: "Calle Guevara, Edificio Caribe, local 2, Porlamar, Nueva Esparta 6301",
  },
  andes: { rif: "J-29874563-0", fiscalAddress: "Av. Las Américas, Centro Comercial Los Andes, local 14, Mérida 5101" },
  margarita: { rif: "J-31456782-9", fiscalAddress: "Av. 4 de Mayo, Edificio Margarita, planta baja, Porlamar 6301" },
  orinoco: { rif: "J-50123479-5", fiscalAddress: "Av. Guayana, Torre Orinoco, piso 1, Puerto Ordaz, Bolívar 8050" },
  avila: { rif: "J-41785236-0", fiscalAddress: "Av. Boyacá, Quinta El Ávila, Los Chorros, Caracas 1071" },
};

/** Letters of Venezuelan plates (no I, O, Q, which read as digits). */
const plateLetters = "ABCDEFGHJKLMNPRSTUVWXYZ";

/**
 * The demo car `index`'s plate in the current Venezuelan format (two letters, three digits, two
 * letters): the digits differ for every car, so no two cars share one. Drawn from the index, not
 * the random stream, so the other demo values stay as they were.
 */
function demoPlate(index: number): string {
  const letter = (n: number) => plateLetters[n % plateLetters.length];
  return `A${letter(index)}${100 + index}${letter(index * 7 + 3)}${letter(index * 3 + 11)}`;
}

/**
 * The final bill's settings (docs/domain.md#final-bill): every demo supplier gives a return 59
 * minutes' grace; refuelling an eighth of a tank costs $4 to $6.
 */
const supplierCounterRules: Record<string, { refuelEighthCents: number; lateGraceMinutes: number }> = {
  llanos: { refuelEighthCents: 500, lateGraceMinutes: 59 },
  caribe: { refuelEighthCents: 600, lateGraceMinutes: 59 },
  andes: { refuelEighthCents: 450, lateGraceMinutes: 59 },
  margarita: { refuelEighthCents: 600, lateGraceMinutes: 59 },
  orinoco: { refuelEighthCents: 400, lateGraceMinutes: 59 },
  avila: { refuelEighthCents: 550, lateGraceMinutes: 59 },
};

const supplierRows = [
  {
    slug: "llanos",
    name: "Llanos Rent a Car",
    homes: [
      "maiquetia-airport",
      "caracas-altamira",
      "valencia-airport",
      "barquisimeto-airport",
      "maturin-airport",
      "puerto-ordaz-airport",
    ],
  },
  {
    slug: "caribe",
    name: "Caribe Autos",
    homes: ["maiquetia-airport", "porlamar-airport", "puerto-la-cruz", "cumana-airport", "caracas-las-mercedes"],
  },
  {
    slug: "andes",
    name: "Andes Drive",
    homes: ["merida-centro", "san-cristobal", "barquisimeto-airport", "maracaibo-airport", "maiquetia-airport"],
  },
  {
    slug: "margarita",
    name: "Margarita Car Rental",
    homes: ["porlamar-airport", "maiquetia-airport", "cumana-airport", "puerto-la-cruz"],
  },
  {
    slug: "orinoco",
    name: "Orinoco Movilidad",
    homes: ["puerto-ordaz-airport", "maturin-airport", "maiquetia-airport", "caracas-altamira", "valencia-centro"],
  },
  {
    slug: "avila",
    name: "Ávila Rentals",
    homes: [
      "caracas-altamira",
      "caracas-las-mercedes",
      "maiquetia-airport",
      "valencia-centro",
      "valencia-airport",
      "maracaibo-airport",
    ],
  },
];

type Model = {
  name: string;
  shape: string;
  /** docs/domain.md#car-categories */
  category: s.CarCategory;
  /** Large suitcases the boot holds. */
  bags: number;
  seats: number;
  doors: number;
  fuel: s.FuelType;
  gearbox: s.Gearbox;
  base: number;
  deposit: number;
  minAge?: number;
};
const models: Model[] = [
  {
    name: "Chevrolet Spark",
    shape: "hatchback",
    category: "mini",
    bags: 1,
    seats: 4,
    doors: 5,
    fuel: "gasoline",
    gearbox: "manual",
    base: 2800,
    deposit: 15000,
  },
  {
    name: "Chevrolet Aveo",
    shape: "sedan",
    category: "economy",
    bags: 2,
    seats: 5,
    doors: 4,
    fuel: "gasoline",
    gearbox: "manual",
    base: 3400,
    deposit: 20000,
  },
  {
    name: "Toyota Yaris",
    shape: "hatchback",
    category: "economy",
    bags: 2,
    seats: 5,
    doors: 5,
    fuel: "gasoline",
    gearbox: "automatic",
    base: 3900,
    deposit: 20000,
  },
  {
    name: "Toyota Corolla",
    shape: "sedan",
    category: "compact",
    bags: 3,
    seats: 5,
    doors: 4,
    fuel: "gasoline",
    gearbox: "automatic",
    base: 4900,
    deposit: 30000,
  },
  {
    name: "Toyota Corolla Hybrid",
    shape: "sedan",
    category: "compact",
    bags: 3,
    seats: 5,
    doors: 4,
    fuel: "hybrid",
    gearbox: "automatic",
    base: 5600,
    deposit: 35000,
  },
  {
    name: "Toyota Prius",
    shape: "hatchback",
    category: "midsize",
    bags: 3,
    seats: 5,
    doors: 5,
    fuel: "hybrid",
    gearbox: "automatic",
    base: 5800,
    deposit: 35000,
  },
  {
    name: "Hyundai Accent",
    shape: "sedan",
    category: "economy",
    bags: 2,
    seats: 5,
    doors: 4,
    fuel: "gasoline",
    gearbox: "manual",
    base: 3600,
    deposit: 20000,
  },
  {
    name: "Kia Rio",
    shape: "hatchback",
    category: "economy",
    bags: 2,
    seats: 5,
    doors: 5,
    fuel: "gasoline",
    gearbox: "automatic",
    base: 3700,
    deposit: 20000,
  },
  {
    name: "Kia Picanto",
    shape: "hatchback",
    category: "mini",
    bags: 1,
    seats: 4,
    doors: 3,
    fuel: "gasoline",
    gearbox: "manual",
    base: 2600,
    deposit: 10000,
  },
  {
    name: "Ford Fiesta",
    shape: "hatchback",
    category: "economy",
    bags: 2,
    seats: 5,
    doors: 5,
    fuel: "gasoline",
    gearbox: "manual",
    base: 3300,
    deposit: 20000,
  },
  {
    name: "Renault Logan",
    shape: "sedan",
    category: "compact",
    bags: 3,
    seats: 5,
    doors: 4,
    fuel: "gasoline",
    gearbox: "manual",
    base: 3100,
    deposit: 15000,
  },
  {
    name: "Nissan Sentra",
    shape: "sedan",
    category: "midsize",
    bags: 3,
    seats: 5,
    doors: 4,
    fuel: "gasoline",
    gearbox: "automatic",
    base: 4600,
    deposit: 30000,
  },
  {
    name: "Volkswagen Gol",
    shape: "hatchback",
    category: "economy",
    bags: 2,
    seats: 5,
    doors: 3,
    fuel: "gasoline",
    gearbox: "manual",
    base: 2900,
    deposit: 15000,
  },
  {
    name: "Peugeot 208",
    shape: "hatchback",
    category: "compact",
    bags: 2,
    seats: 5,
    doors: 5,
    fuel: "diesel",
    gearbox: "manual",
    base: 3800,
    deposit: 25000,
  },
  {
    name: "Toyota Hilux",
    shape: "pickup",
    category: "pickup",
    bags: 3,
    seats: 5,
    doors: 4,
    fuel: "diesel",
    gearbox: "manual",
    base: 8900,
    deposit: 60000,
    minAge: 25,
  },
  {
    name: "Ford Ranger",
    shape: "pickup",
    category: "pickup",
    bags: 3,
    seats: 5,
    doors: 4,
    fuel: "diesel",
    gearbox: "automatic",
    base: 9200,
    deposit: 60000,
    minAge: 25,
  },
  {
    name: "Toyota Fortuner",
    shape: "suv",
    category: "suv",
    bags: 4,
    seats: 7,
    doors: 5,
    fuel: "diesel",
    gearbox: "automatic",
    base: 10500,
    deposit: 75000,
    minAge: 25,
  },
  {
    name: "Toyota 4Runner",
    shape: "suv",
    category: "suv",
    bags: 4,
    seats: 5,
    doors: 5,
    fuel: "gasoline",
    gearbox: "automatic",
    base: 11500,
    deposit: 80000,
    minAge: 25,
  },
  {
    name: "Hyundai Tucson",
    shape: "suv",
    category: "suv",
    bags: 3,
    seats: 5,
    doors: 5,
    fuel: "gasoline",
    gearbox: "automatic",
    base: 7200,
    deposit: 45000,
  },
  {
    name: "Kia Sportage",
    shape: "suv",
    category: "suv",
    bags: 3,
    seats: 5,
    doors: 5,
    fuel: "diesel",
    gearbox: "automatic",
    base: 7400,
    deposit: 45000,
  },
  {
    name: "Chery Tiggo 4",
    shape: "suv",
    category: "suv",
    bags: 2,
    seats: 5,
    doors: 5,
    fuel: "gasoline",
    gearbox: "manual",
    base: 5200,
    deposit: 30000,
  },
  {
    name: "Jeep Grand Cherokee",
    shape: "suv",
    category: "premium",
    bags: 4,
    seats: 5,
    doors: 5,
    fuel: "gasoline",
    gearbox: "automatic",
    base: 13500,
    deposit: 100000,
    minAge: 25,
  },
  {
    name: "Chevrolet Tahoe",
    shape: "suv",
    category: "fullsize",
    bags: 5,
    seats: 8,
    doors: 5,
    fuel: "gasoline",
    gearbox: "automatic",
    base: 15900,
    deposit: 120000,
    minAge: 25,
  },
  {
    name: "Mitsubishi Outlander PHEV",
    shape: "suv",
    category: "suv",
    bags: 3,
    seats: 5,
    doors: 5,
    fuel: "plugInHybrid",
    gearbox: "automatic",
    base: 9800,
    deposit: 60000,
  },
  {
    name: "BYD Dolphin",
    shape: "hatchback",
    category: "compact",
    bags: 2,
    seats: 5,
    doors: 5,
    fuel: "electric",
    gearbox: "automatic",
    base: 6400,
    deposit: 40000,
  },
  {
    name: "BYD Yuan Plus",
    shape: "suv",
    category: "suv",
    bags: 3,
    seats: 5,
    doors: 5,
    fuel: "electric",
    gearbox: "automatic",
    base: 8200,
    deposit: 50000,
  },
  {
    name: "Toyota Hiace",
    shape: "van",
    category: "van",
    bags: 8,
    seats: 12,
    doors: 4,
    fuel: "diesel",
    gearbox: "manual",
    base: 12900,
    deposit: 90000,
    minAge: 25,
  },
  {
    name: "Mazda MX-5",
    shape: "coupe",
    category: "premium",
    bags: 1,
    seats: 2,
    doors: 2,
    fuel: "gasoline",
    gearbox: "manual",
    base: 9900,
    deposit: 70000,
    minAge: 25,
  },
  {
    name: "Ford Mustang",
    shape: "coupe",
    category: "premium",
    bags: 2,
    seats: 4,
    doors: 2,
    fuel: "gasoline",
    gearbox: "automatic",
    base: 16900,
    deposit: 150000,
    minAge: 25,
  },
  {
    name: "Lada Niva",
    shape: "suv",
    category: "suv",
    bags: 2,
    seats: 4,
    doors: 3,
    fuel: "unknown",
    gearbox: "manual",
    base: 3500,
    deposit: 20000,
  },
];
const colours = ["red", "blue", "white", "black", "silver", "green", "yellow", "orange"];
/** The colour as the agreement writes it (the demo suppliers are Venezuelan). */
const colourNames: Record<string, string> = {
  red: "Rojo",
  blue: "Azul",
  white: "Blanco",
  black: "Negro",
  silver: "Plata",
  green: "Verde",
  yellow: "Amarillo",
  orange: "Naranja",
};

/** An option price: mostly a small daily price, sometimes included (0) or unavailable (-1). */
function optionPrice(random: () => number, paid: number[]): number {
  const r = random();
  if (r < 0.2) return -1;
  if (r < 0.4) return 0;
  return paid[Math.floor(random() * paid.length)];
}

export function demoCar(random: () => number, index: number, supplierId: number) {
  const model = models[index % models.length];
  const colour = colours[Math.floor(random() * colours.length)];
  const priceJitter = Math.round((random() - 0.3) * model.base * 0.25);
  // Drawn in the order they always were (aircon, fuel policy, mileage), so the demo stays the same.
  const aircon = random() > 0.1;
  const fuelPolicy = random() > 0.4 ? ("likeForlike" as const) : ("freeTank" as const);
  const mileage = random() > 0.45 ? -1 : [150, 200, 250, 300][Math.floor(random() * 4)];
  return {
    supplierId,
    name: model.name,
    image: `/images/cars/${model.shape}-${colour}.svg`,
    category: model.category,
    bags: model.bags,
    // Without a random draw, so the rest of the demo data stays as it was: most small cars are "or similar".
    orSimilar: ["mini", "economy", "compact"].includes(model.category) && index % 3 !== 2,
    dailyPriceCents: Math.max(1500, Math.round((model.base + priceJitter) / 50) * 50),
    depositCents: model.deposit,
    minimumAge: model.minAge ?? 21,
    seats: model.seats,
    doors: model.doors,
    aircon,
    fuelType: model.fuel,
    gearbox: model.gearbox,
    fuelPolicy,
    mileage,
    // Without a random draw, so the rest stays as it was: 25¢ a kilometre over the allowance, 40¢ for the dearer cars.
    extraKmCents: mileage < 0 ? 0 : model.base >= 7000 ? 40 : 25,
    payLaterFeePercent: [0, 5, 8, 10][Math.floor(random() * 4)],
    cancellationCents: optionPrice(random, [1500, 2000, 2500, 3500]),
    gpsCents: optionPrice(random, [300, 500, 700]),
    homeDeliveryCents: optionPrice(random, [1000, 1500, 2500]),
    babyChairCents: optionPrice(random, [300, 450, 600]),
    ...cover(
      optionPrice(random, [600, 900, 1200]),
      optionPrice(random, [800, 1100, 1500]),
      optionPrice(random, [1500, 2000, 2800]),
      model.deposit,
    ),
    additionalDriverCents: optionPrice(random, [400, 600, 800]),
    // Drawn from the index, not the random stream, so the other demo values stay as they were.
    depositMethod: depositMethodsByIndex[index % depositMethodsByIndex.length],
    plate: demoPlate(index),
    colour: colourNames[colour],
  };
}

const depositMethodsByIndex = ["cardHold", "cardHoldOrCash", "cash"] as const;

/**
 * Protection options that agree (docs/domain.md#cover): full insurance included brings the
 * waiver and theft protection with it; the waiver and theft protection leave an excess of the
 * deposit, full insurance none.
 */
function cover(theft: number, collision: number, full: number, deposit: number) {
  const part = (cents: number) => (full === 0 ? 0 : cents);
  return {
    theftProtectionCents: part(theft),
    collisionDamageWaiverCents: part(collision),
    fullInsuranceCents: full,
    theftProtectionExcessCents: deposit,
    collisionDamageWaiverExcessCents: deposit,
    fullInsuranceExcessCents: 0,
  };
}

export const banks: Array<{ code: string; name: string }> = [
  ["0102", "Banco de Venezuela"],
  ["0104", "Venezolano de Crédito"],
  ["0105", "Mercantil"],
  ["0108", "Provincial (BBVA)"],
  ["0114", "Bancaribe"],
  ["0115", "Exterior"],
  ["0128", "Caroní"],
  ["0134", "Banesco"],
  ["0137", "Sofitasa"],
  ["0138", "Plaza"],
  ["0146", "Bangente"],
  ["0151", "BFC Fondo Común"],
  ["0156", "100% Banco"],
  ["0157", "DelSur"],
  ["0163", "Banco del Tesoro"],
  ["0166", "Banco Agrícola"],
  ["0168", "Bancrecer"],
  ["0169", "R4 / Mi Banco"],
  ["0171", "Activo"],
  ["0172", "Bancamiga"],
  ["0174", "Banplus"],
  ["0175", "Banco Digital de los Trabajadores"],
  ["0177", "Banfanb"],
  ["0178", "N58 Banco Digital"],
  ["0191", "BNC"],
].map(([code, name]) => ({ code, name }));

/**
 * Loads the demo data set when the database has no users yet; returns whether it did.
 * `demoPasswordHash` hashes DEMO_PASSWORD (the caller owns password hashing), and is only
 * called when the data is loaded.
 */
export async function seedIfEmpty(db: Database, demoPasswordHash: () => Promise<string>): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(s.users);
  if (count > 0) return false;
  await seedDemo(db, await demoPasswordHash());
  return true;
}

async function seedDemo(db: Database, passwordHash: string) {
  const random = prng(2026);
  await db.transaction(async (tx) => {
    await tx.insert(s.banks).values(banks).onConflictDoNothing();
    // Today's rate in Caracas, where the day of a rate is counted (docs/domain.md#exchange-rate).
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Caracas" }).format(new Date());
    const demoRate = { usdToBsRate: "245.5000", rateDate: today };
    await tx.insert(s.exchangeRates).values({ ...demoRate, source: "BCV" });
    await tx
      .insert(s.settings)
      .values({
        mobilePaymentBankCode: "0102",
        mobilePaymentPhone: "04141234567",
        mobilePaymentRif: "J-12345678-4",
        mobilePaymentHolder: "Rueda Alquileres C.A.",
        // Zelle and the bank transfer, verified like pago móvil (docs/domain.md#transfers), to demo accounts.
        zelleEnabled: true,
        zelleEmail: "pagos@rueda.example",
        zelleHolder: "Rueda Alquileres LLC",
        bankTransferEnabled: true,
        bankTransferBankCode: "0102",
        bankTransferAccount: "01020123450000012345",
        bankTransferHolder: "Rueda Alquileres C.A.",
        bankTransferRif: "J123456784",
        bolivarEstimates: true,
      })
      .onConflictDoNothing();
    const locations = await tx
      .insert(s.locations)
      .values(locationRows.map((row) => ({ ...row, ...demoHours(row.kind ?? "city") })))
      .returning({ id: s.locations.id, slug: s.locations.slug });
    const locationId = new Map(locations.map((l) => [l.slug, l.id]));
    const suppliers = await tx
      .insert(s.suppliers)
      .values(
        supplierRows.map((r) => ({
          slug: r.slug,
          name: r.name,
          logo: `/images/suppliers/${r.slug}.svg`,
          email: `reservas@${r.slug}.example`,
          phone: `+${supplierPhones[r.slug]}`,
          whatsapp: supplierPhones[r.slug],
          ...supplierFiscal[r.slug],
          ...supplierCounterRules[r.slug],
        })),
      )
      .returning({ id: s.suppliers.id, slug: s.suppliers.slug });

    const carValues = Array.from({ length: 66 }, (_, i) => demoCar(random, i, suppliers[i % suppliers.length].id));
    const cars = await tx.insert(s.cars).values(carValues).returning({ id: s.cars.id, supplierId: s.cars.supplierId });
    const links: Array<{ carId: number; locationId: number }> = [];
    for (const car of cars) {
      const supplier = supplierRows[suppliers.findIndex((x) => x.id === car.supplierId)];
      const homes = supplier.homes.filter((_, i) => i === 0 || random() > 0.35);
      for (const slug of homes) links.push({ carId: car.id, locationId: locationId.get(slug)! });
    }
    await tx.insert(s.carLocations).values(links).onConflictDoNothing();

    const [admin, staff, driver] = await tx
      .insert(s.users)
      .values([
        {
          email: demoLogins[0].email,
          fullName: "Ana Administradora",
          type: "admin",
          activated: true,
          passwordHash,
          language: "es",
          phone: "+584141112233",
        },
        {
          email: demoLogins[1].email,
          fullName: "Luis Llanos",
          type: "supplier",
          supplierId: suppliers[0].id,
          activated: true,
          passwordHash,
          language: "es",
          phone: "+584241234567",
        },
        {
          email: demoLogins[2].email,
          fullName: "Daniela Conductora",
          type: "user",
          activated: true,
          passwordHash,
          language: "es",
          phone: "+584161234567",
          birthDate: "1990-04-12",
          documentType: 1,
          documentNumber: "V-18456123",
        },
        // A blacklisted driver, shown as suspended: signing in is refused.
        {
          email: SUSPENDED_DEMO_EMAIL,
          fullName: "Sergio Suspendido",
          type: "user",
          activated: true,
          blacklisted: true,
          passwordHash,
          language: "es",
        },
      ])
      .returning({ id: s.users.id });
    void admin;

    const day = 24 * 3600_000;
    const start = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 10, 14),
    );
    const demoBookings: Array<{ status: s.BookingStatus; method: s.PaymentMethod; offset: number; days: number }> = [
      { status: "pending", method: "payLater", offset: 0, days: 3 },
      { status: "paid", method: "cardPayment", offset: 20, days: 5 },
      { status: "reserved", method: "mobilePayment", offset: 40, days: 2 },
      { status: "cancelled", method: "payLater", offset: 5, days: 4 },
      { status: "deposit", method: "walletPayment", offset: 60, days: 7 },
    ];
    for (const [i, b] of demoBookings.entries()) {
      const car = carValues[i];
      const carId = cars[i].id;
      const link = links.find((l) => l.carId === carId)!;
      const startsAt = new Date(start.getTime() + b.offset * day);
      const total = car.dailyPriceCents * b.days;
      const [booking] = await tx
        .insert(s.bookings)
        .values({
          reference: `RD-DEMO${i + 1}`,
          // Made today: they keep today's rate, as insertBooking does (docs/domain.md#exchange-rate).
          ...demoRate,
          carId,
          supplierId: car.supplierId,
          driverId: driver.id,
          pickupLocationId: link.locationId,
          dropoffLocationId: link.locationId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + b.days * day),
          status: b.status,
          days: b.days,
          priceCents: total,
          breakdown: {
            days: b.days,
            dailyPriceCents: car.dailyPriceCents,
            options: {},
            subtotalCents: total,
            payLaterFeePercent: 0,
            totalCents: total,
          },
          paymentMethod: b.method,
        })
        .returning({ id: s.bookings.id });
      // docs/domain.md#payments: paid means payments cover the price, and a deposit is money received.
      const received = b.status === "paid" ? total : b.status === "deposit" ? Math.ceil(total * 0.3) : 0;
      if (received > 0) {
        await tx.insert(s.payments).values({
          bookingId: booking.id,
          method: b.method,
          amountCents: received,
          status: "succeeded",
          providerReference:
            b.method === "walletPayment" ? `tron:${"0d".repeat(31)}0${i + 1}` : `demo:seed-rd-demo${i + 1}`,
          details: b.method === "walletPayment" ? {} : { gateway: "demo" },
          verifiedAt: new Date(),
        });
      }
    }

    // docs/domain.md#counter: one Llanos car out (picked up yesterday, due back tomorrow) and one
    // returned two days ago with its final bill (1/8 of a tank missing), so the counter has both.
    const now = Date.now();
    const rentalsDemo = [
      { reference: "RD-DEMO6", car: suppliers.length, from: now - day, days: 2, returned: false },
      { reference: "RD-DEMO7", car: 2 * suppliers.length, from: now - 5 * day, days: 3, returned: true },
    ];
    for (const r of rentalsDemo) {
      const car = carValues[r.car];
      const carId = cars[r.car].id;
      const placeId = links.find((l) => l.carId === carId)!.locationId;
      const startsAt = new Date(Math.floor(r.from / 3600_000) * 3600_000);
      const endsAt = new Date(startsAt.getTime() + r.days * day);
      const total = car.dailyPriceCents * r.days;
      const deposit = { cents: car.depositCents, method: car.depositMethod };
      const [booking] = await tx
        .insert(s.bookings)
        .values({
          reference: r.reference,
          // Made today: they keep today's rate, as insertBooking does (docs/domain.md#exchange-rate).
          ...demoRate,
          carId,
          supplierId: car.supplierId,
          driverId: driver.id,
          pickupLocationId: placeId,
          dropoffLocationId: placeId,
          startsAt,
          endsAt,
          status: "paid",
          days: r.days,
          priceCents: total,
          breakdown: {
            days: r.days,
            dailyPriceCents: car.dailyPriceCents,
            options: {},
            subtotalCents: total,
            payLaterFeePercent: 0,
            totalCents: total,
            deposit,
          },
          paymentMethod: "cardPayment",
        })
        .returning({ id: s.bookings.id });
      await paidByDemoCard(tx, booking.id, total, r.reference, startsAt);
      // Within any allowance (at least 150 km a day), back on time: only the missing eighth may cost.
      const fuelCents = car.fuelPolicy === "likeForlike" ? supplierCounterRules.llanos.refuelEighthCents : 0;
      const covers = Math.min(deposit.cents, fuelCents);
      await tx.insert(s.rentals).values({
        bookingId: booking.id,
        pickedUpAt: startsAt,
        pickedUpBy: staff.id,
        odometerOutKm: 48_213,
        fuelOutEighths: 8,
        depositCents: deposit.cents,
        depositTaken: deposit.cents > 0 ? "cardHold" : null,
        signerName: "Daniela Conductora",
        signedAt: startsAt,
        language: "es",
        ...(r.returned
          ? {
              state: "returned" as const,
              returnedAt: new Date(endsAt.getTime() - 3600_000),
              returnedBy: staff.id,
              odometerInKm: 48_213 + 320,
              fuelInEighths: 7,
              finalBill: {
                drivenKm: 320,
                fuel: fuelCents > 0 ? { eighths: 1, eighthCents: fuelCents, cents: fuelCents } : null,
                extraKm: null,
                lateReturn: null,
                damages: [],
                extrasCents: fuelCents,
                deposit: deposit.cents > 0 ? deposit : null,
                depositCoversCents: covers,
                depositReturnedCents: deposit.cents - covers,
                stillToPayCents: fuelCents - covers,
              },
            }
          : {}),
      });
      // docs/domain.md#deposit-ledger: the deposit received at the pick-up, and what the bill kept of it.
      if (deposit.cents > 0)
        await tx.insert(s.depositLedger).values([
          {
            bookingId: booking.id,
            kind: "received",
            amountCents: deposit.cents,
            method: "cardHold",
            recordedBy: staff.id,
            recordedAt: startsAt,
          },
          ...(r.returned && covers > 0
            ? [
                {
                  bookingId: booking.id,
                  kind: "retained" as const,
                  amountCents: covers,
                  reason: "finalBill",
                  recordedBy: staff.id,
                  recordedAt: new Date(endsAt.getTime() - 3600_000),
                },
              ]
            : []),
        ]);
    }

    await seedReviewedRentals(tx, { suppliers, cars, carValues, links, staffId: staff.id, passwordHash });
  });
}

/** Booking `bookingId` paid in full (`cents`) by the demo card gateway at `at`. */
function paidByDemoCard(tx: Transaction, bookingId: number, cents: number, reference: string, at: Date) {
  return tx.insert(s.payments).values({
    bookingId,
    method: "cardPayment",
    amountCents: cents,
    status: "succeeded",
    providerReference: `demo:seed-${reference.toLowerCase()}`,
    details: { gateway: "demo" },
    verifiedAt: at,
  });
}

/** The final bill of a car back on time, full, unharmed, within its allowance, with no deposit: nothing to pay. */
export const nothingBilled = (drivenKm: number): s.StoredFinalBill => ({
  drivenKm,
  fuel: null,
  extraKm: null,
  lateReturn: null,
  damages: [],
  extrasCents: 0,
  deposit: null,
  depositCoversCents: 0,
  depositReturnedCents: 0,
  stillToPayCents: 0,
});

/**
 * Five drivers who rented weeks ago, whose demo reviews give four suppliers a score, so a fresh
 * `npm start` shows scores, the order by rating and the supplier pages (docs/domain.md#reviews).
 * Andes and Orinoco keep none: they stay "New". Each rental is a car of its own, closed with
 * nothing to pay and no deposit, weeks before the counter's and the dashboard's windows. The
 * suppliers' counts are computed after the seed by `refreshSupplierScore`, the rule's one place.
 */
const demoReviewers = [
  { fullName: "Mariela Contreras", email: "mariela.contreras@correo.example" },
  { fullName: "José Gregorio Pérez", email: "jose.perez@correo.example" },
  { fullName: "Yusmary Hernández", email: "yusmary.hernandez@correo.example" },
  { fullName: "Carlos Aponte", email: "carlos.aponte@correo.example" },
  { fullName: "Oriana Salazar", email: "oriana.salazar@correo.example" },
];

/** Overall, then car condition, cleanliness, staff, value for money and speed at the counter. */
type DemoReview = { stars: [number, number, number, number, number, number]; comment: string; reply?: string };

const demoReviews: Record<string, DemoReview[]> = {
  llanos: [
    {
      stars: [5, 5, 5, 5, 4, 5],
      comment:
        "El carro impecable y con el tanque full. En el mostrador del aeropuerto nos atendieron en diez minutos.",
      reply: "¡Gracias por preferirnos! Los esperamos en su próximo viaje.",
    },
    { stars: [4, 4, 4, 5, 4, 3], comment: "Todo bien con el carro. La entrega tardó un poco porque había cola." },
    {
      stars: [5, 5, 4, 5, 5, 5],
      comment: "Muy amables, me explicaron todo el contrato. Volvería a alquilar con ellos.",
    },
    { stars: [4, 4, 5, 4, 4, 4], comment: "" },
  ],
  caribe: [
    { stars: [5, 5, 5, 4, 5, 4], comment: "Excelente relación precio-calidad para recorrer el oriente." },
    { stars: [4, 4, 4, 4, 4, 4], comment: "El aire acondicionado funcionaba perfecto, que en Cumaná se agradece." },
    {
      stars: [4, 3, 4, 5, 4, 4],
      comment: "El carro tenía algunos rayones, pero quedaron anotados en la entrega sin problema.",
    },
  ],
  margarita: [
    {
      stars: [3, 3, 3, 4, 3, 2],
      comment: "El carro cumplió, pero esperamos casi una hora en el mostrador.",
      reply: "Disculpe la espera: ese día llegaron tres vuelos juntos. Ya sumamos una persona más en temporada.",
    },
    { stars: [4, 4, 4, 4, 3, 4], comment: "Bien para moverse por la isla. Un poco caro en temporada alta." },
    { stars: [4, 5, 4, 4, 4, 4], comment: "Good car, easy pick-up at the airport, staff spoke some English." },
  ],
  avila: [
    { stars: [5, 5, 5, 5, 5, 5], comment: "Puntuales en la entrega y en la devolución. Cien por ciento recomendados." },
    { stars: [5, 4, 5, 5, 4, 5], comment: "Carro nuevecito. Nos dejaron la silla del bebé ya instalada." },
    { stars: [4, 4, 4, 4, 4, 5], comment: "Trámite rapidísimo en Las Mercedes." },
    { stars: [5, 5, 5, 5, 5, 4], comment: "" },
  ],
};

async function seedReviewedRentals(
  tx: Transaction,
  demo: {
    suppliers: Array<{ id: number; slug: string }>;
    cars: Array<{ id: number }>;
    carValues: Array<ReturnType<typeof demoCar>>;
    links: Array<{ carId: number; locationId: number }>;
    staffId: number;
    passwordHash: string;
  },
) {
  const day = 24 * 3600_000;
  const reviewers = await tx
    .insert(s.users)
    .values(
      demoReviewers.map((r) => ({
        ...r,
        type: "user" as const,
        activated: true,
        passwordHash: demo.passwordHash,
        language: "es",
      })),
    )
    .returning({ id: s.users.id });
  const today = Math.floor(Date.now() / day) * day;
  let rental = 0;
  for (const [slug, reviews] of Object.entries(demoReviews)) {
    const supplierIndex = demo.suppliers.findIndex((x) => x.slug === slug);
    for (const [k, review] of reviews.entries()) {
      // A car of this supplier beyond those the demo bookings above use (the first three of each).
      const index = supplierIndex + demo.suppliers.length * (3 + k);
      const car = demo.carValues[index];
      const carId = demo.cars[index].id;
      const placeId = demo.links.find((l) => l.carId === carId)!.locationId;
      const days = 3 + (k % 3);
      const startsAt = new Date(today - (25 + 11 * k + supplierIndex) * day + 14 * 3600_000);
      const endsAt = new Date(startsAt.getTime() + days * day);
      const total = car.dailyPriceCents * days;
      rental += 1;
      const reference = `RD-RESENA${rental}`;
      const driverId = reviewers[rental % reviewers.length].id;
      const [booking] = await tx
        .insert(s.bookings)
        .values({
          reference,
          carId,
          supplierId: car.supplierId,
          driverId,
          pickupLocationId: placeId,
          dropoffLocationId: placeId,
          startsAt,
          endsAt,
          status: "paid",
          days,
          priceCents: total,
          breakdown: {
            days,
            dailyPriceCents: car.dailyPriceCents,
            options: {},
            subtotalCents: total,
            payLaterFeePercent: 0,
            totalCents: total,
          },
          paymentMethod: "cardPayment",
          createdAt: new Date(startsAt.getTime() - 12 * day),
        })
        .returning({ id: s.bookings.id });
      await paidByDemoCard(tx, booking.id, total, reference, startsAt);
      const returnedAt = new Date(endsAt.getTime() - 2 * 3600_000);
      await tx.insert(s.rentals).values({
        bookingId: booking.id,
        state: "closed",
        pickedUpAt: startsAt,
        pickedUpBy: demo.staffId,
        odometerOutKm: 30_000 + 1_000 * rental,
        fuelOutEighths: 8,
        depositCents: 0,
        signerName: demoReviewers[rental % reviewers.length].fullName,
        signedAt: startsAt,
        language: "es",
        returnedAt,
        returnedBy: demo.staffId,
        odometerInKm: 30_000 + 1_000 * rental + 90 * days,
        fuelInEighths: 8,
        finalBill: nothingBilled(90 * days),
        closedAt: returnedAt,
        closedBy: demo.staffId,
      });
      const [overall, carCondition, cleanliness, staff, value, counterSpeed] = review.stars;
      const publishedAt = new Date(returnedAt.getTime() + 2 * day);
      await tx.insert(s.reviews).values({
        bookingId: booking.id,
        supplierId: car.supplierId,
        authorId: driverId,
        overall,
        carCondition,
        cleanliness,
        staff,
        value,
        counterSpeed,
        comment: review.comment || null,
        createdAt: publishedAt,
        publishedAt,
        ...(review.reply ? { reply: review.reply, repliedAt: new Date(publishedAt.getTime() + day) } : {}),
      });
      // Llanos's staff rated their drivers too: the driver record the counter shows.
      if (slug === "llanos")
        await tx.insert(s.driverRatings).values({
          bookingId: booking.id,
          driverId,
          authorId: demo.staffId,
          onTime: 5,
          asAgreed: k === 1 ? 4 : 5,
          communication: 5,
          createdAt: returnedAt,
          publishedAt,
        });
    }
  }
}
