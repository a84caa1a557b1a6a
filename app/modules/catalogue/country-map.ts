/**
 * The home page's map of Venezuela, drawn on the server as SVG (docs/decisions/0008): a
 * plain equirectangular projection of the country's box onto the SVG's viewBox, a
 * simplified outline, and the places as pins spread apart where they would cover each
 * other (Caracas and Maiquetía are a few kilometres apart). Readable, not surveyed.
 */
type LonLat = readonly [lon: number, lat: number];

const WEST = -73.6;
const EAST = -59.4;
const SOUTH = 0.4;
const NORTH = 12.5;
/** Degrees of longitude are shorter than degrees of latitude by the cosine of the mid latitude. */
const LON_FACTOR = Math.cos((((NORTH + SOUTH) / 2) * Math.PI) / 180);
export const MAP_WIDTH = 1000;
const SCALE = MAP_WIDTH / ((EAST - WEST) * LON_FACTOR);
export const MAP_HEIGHT = Math.round((NORTH - SOUTH) * SCALE);

/** A point in viewBox units: x from the west edge, y from the north edge. */
export function project(lon: number, lat: number): { x: number; y: number } {
  return { x: (lon - WEST) * LON_FACTOR * SCALE, y: (NORTH - lat) * SCALE };
}

// Clockwise from Castilletes on the Guajira peninsula: the border with Colombia, Brazil
// and Guyana, then the Caribbean coast back west.
const mainland: LonLat[] = [
  [-71.33, 11.84],
  [-72.2, 11.12],
  [-72.5, 10.95],
  [-72.9, 10.45],
  [-73.05, 9.75],
  [-73.0, 9.25],
  [-72.75, 9.05],
  [-72.65, 8.6],
  [-72.4, 8.3],
  [-72.47, 7.85],
  [-72.45, 7.45],
  [-72.15, 7.3],
  [-71.8, 7.05],
  [-71.0, 6.98],
  [-70.1, 6.95],
  [-69.4, 6.1],
  [-68.6, 6.15],
  [-67.45, 6.2],
  [-67.6, 5.5],
  [-67.85, 4.5],
  [-67.3, 3.4],
  [-67.85, 2.8],
  [-67.2, 2.3],
  [-66.87, 1.22],
  [-66.3, 0.75],
  [-65.55, 0.9],
  [-65.1, 1.45],
  [-64.4, 1.5],
  [-64.05, 1.95],
  [-63.4, 2.2],
  [-64.0, 2.5],
  [-64.2, 3.6],
  [-64.7, 4.2],
  [-64.0, 4.1],
  [-63.1, 3.85],
  [-62.8, 4.0],
  [-62.1, 4.1],
  [-61.3, 4.45],
  [-60.75, 4.85],
  [-60.6, 5.2],
  [-60.75, 5.6],
  [-61.35, 5.95],
  [-61.15, 6.7],
  [-60.4, 7.0],
  [-60.65, 7.45],
  [-60.3, 7.85],
  [-59.8, 8.3],
  [-60.0, 8.55],
  [-60.9, 8.7],
  [-61.6, 9.4],
  [-62.25, 10.0],
  [-62.85, 10.4],
  [-62.6, 10.55],
  [-61.85, 10.72],
  [-63.0, 10.72],
  [-63.7, 10.62],
  [-64.15, 10.48],
  [-64.65, 10.22],
  [-65.2, 10.1],
  [-66.0, 10.35],
  [-66.1, 10.48],
  [-66.05, 10.6],
  [-66.9, 10.62],
  [-67.5, 10.52],
  [-68.0, 10.49],
  [-68.3, 10.9],
  [-68.65, 11.45],
  [-69.1, 11.48],
  [-69.65, 11.48],
  [-69.85, 11.7],
  [-69.8, 11.95],
  [-70.2, 12.18],
  [-70.3, 11.85],
  [-70.0, 11.6],
  [-70.5, 11.25],
  [-71.0, 11.0],
  [-71.6, 10.95],
  [-71.5, 11.3],
];
const margarita: LonLat[] = [
  [-64.4, 10.95],
  [-64.2, 11.1],
  [-63.85, 11.17],
  [-63.8, 11.0],
  [-63.9, 10.86],
  [-64.05, 10.84],
  [-64.25, 10.92],
];
const lakeMaracaibo: LonLat[] = [
  [-71.6, 10.9],
  [-71.55, 10.7],
  [-71.1, 10.6],
  [-71.0, 10.0],
  [-71.15, 9.45],
  [-71.55, 9.1],
  [-71.85, 9.25],
  [-72.0, 9.7],
  [-71.95, 10.2],
  [-71.7, 10.55],
];
const orinoco: LonLat[] = [
  [-67.6, 5.6],
  [-67.45, 6.2],
  [-66.6, 7.55],
  [-66.17, 7.63],
  [-65.0, 7.9],
  [-63.55, 8.13],
  [-62.7, 8.3],
  [-62.0, 8.45],
  [-61.3, 8.62],
];

function path(points: LonLat[], closed: boolean): string {
  const d = points.map(([lon, lat], i) => {
    const { x, y } = project(lon, lat);
    return `${i === 0 ? "M" : "L"}${x.toFixed(1)} ${y.toFixed(1)}`;
  });
  return d.join("") + (closed ? "Z" : "");
}

/** The SVG path data of the land, the lake and the river, computed once. */
export const countryPaths = {
  land: path(mainland, true) + path(margarita, true),
  lake: path(lakeMaracaibo, true),
  river: path(orinoco, false),
};

/**
 * How far apart (viewBox units) pin tips must be, across or down: on a 360 px phone the map is
 * ~300 px wide, and each pin is a 24 px square target that no other pin may cover
 * (docs/decisions/0008). Two squares overlap when they are closer than their side both across
 * and down, however far apart their tips are on the diagonal.
 */
export const PIN_SPACING = 84;

/**
 * Each place's pin, as a percentage of the map's width and height (what CSS positions
 * with). Two pins closer than PIN_SPACING both across and down are pushed apart along the
 * axis where they are already further apart (the smaller move), a few rounds,
 * deterministically: the same places always give the same map.
 */
export function placePins<T extends { id: number; latitude: number; longitude: number }>(
  places: T[],
): Array<T & { left: number; top: number }> {
  const points = places.map((p) => project(p.longitude, p.latitude));
  for (let round = 0; round < 40; round++) {
    let moved = false;
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const dx = points[j].x - points[i].x;
        const dy = points[j].y - points[i].y;
        if (Math.max(Math.abs(dx), Math.abs(dy)) >= PIN_SPACING) continue;
        // Two places on the very same spot part east and west.
        const across = Math.abs(dx) >= Math.abs(dy);
        const gap = across ? dx : dy;
        const direction = gap < 0 ? -1 : 1;
        const push = (PIN_SPACING - Math.abs(gap)) / 2 + 0.5;
        const key = across ? "x" : "y";
        points[i] = { ...points[i], [key]: points[i][key] - direction * push };
        points[j] = { ...points[j], [key]: points[j][key] + direction * push };
        moved = true;
      }
    }
    if (!moved) break;
  }
  const percent = (value: number, size: number) =>
    Math.round((Math.min(Math.max(value, 0), size) / size) * 10_000) / 100;
  return places.map((p, i) => ({ ...p, left: percent(points[i].x, MAP_WIDTH), top: percent(points[i].y, MAP_HEIGHT) }));
}
