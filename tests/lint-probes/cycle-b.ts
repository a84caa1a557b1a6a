// The other half of the deliberate cycle of cycle-a.ts.
import { a } from "./cycle-a";

export const b = (): number => (Date.now() < 0 ? a() : 0);
