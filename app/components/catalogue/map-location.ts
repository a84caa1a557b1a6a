/** A place as both maps draw it: the server-drawn SVG map and the Leaflet one loaded on request (ADR 0008). */
export type MapLocation = { id: number; name: string; latitude: number; longitude: number };
