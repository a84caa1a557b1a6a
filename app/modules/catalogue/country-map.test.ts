import { describe, expect, it } from "vitest";
import { locationRows } from "../../../db/seed-data";
import { MAP_HEIGHT, MAP_WIDTH, PIN_SPACING, placePins, project } from "./country-map";

describe("the country map", () => {
  it("puts north up and west left, inside the viewBox", () => {
    const caracas = project(-66.9, 10.5);
    const merida = project(-71.16, 8.59);
    expect(merida.x).toBeLessThan(caracas.x);
    expect(merida.y).toBeGreaterThan(caracas.y);
    for (const { x, y } of [caracas, merida]) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(MAP_WIDTH);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(MAP_HEIGHT);
    }
  });

  it("spreads pins that would cover each other and leaves lone ones where they are", () => {
    const pins = placePins([
      { id: 1, latitude: 10.4961, longitude: -66.849 },
      { id: 2, latitude: 10.4806, longitude: -66.8603 },
      { id: 3, latitude: 10.4806, longitude: -66.8603 },
      { id: 4, latitude: 8.5897, longitude: -71.1561 },
    ]);
    const px = (p: { left: number; top: number }) => ({ x: (p.left / 100) * MAP_WIDTH, y: (p.top / 100) * MAP_HEIGHT });
    for (let i = 0; i < 3; i++) {
      for (let j = i + 1; j < 3; j++) {
        const [a, b] = [px(pins[i]), px(pins[j])];
        // Apart across or down: pins on a diagonal closer than that would cover a corner of each other.
        expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBeGreaterThanOrEqual(PIN_SPACING - 1);
      }
    }
    const merida = project(-71.1561, 8.5897);
    expect(px(pins[3]).x).toBeCloseTo(merida.x, 0);
    expect(px(pins[3]).y).toBeCloseTo(merida.y, 0);
    expect(placePins([{ id: 1, latitude: 10.4961, longitude: -66.849 }])).toEqual(
      placePins([{ id: 1, latitude: 10.4961, longitude: -66.849 }]),
    );
  });

  it("keeps every demo place's 24 px pin uncovered on a 300 px wide map, whatever order the places come in", () => {
    const places = locationRows.map((row, id) => ({
      id,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
    }));
    const widthPx = 300;
    for (const order of [places, [...places].reverse()]) {
      const pins = placePins(order).map((p) => ({
        x: (p.left / 100) * widthPx,
        y: (p.top / 100) * ((MAP_HEIGHT / MAP_WIDTH) * widthPx),
      }));
      for (let i = 0; i < pins.length; i++) {
        for (let j = i + 1; j < pins.length; j++) {
          expect(Math.max(Math.abs(pins[i].x - pins[j].x), Math.abs(pins[i].y - pins[j].y))).toBeGreaterThanOrEqual(24);
        }
      }
    }
  });
});
