// A deliberate import cycle (cycle-a → cycle-b → cycle-a) that tests/lint-rules.test.ts lints to
// prove import-x/no-cycle catches one; `eslint .` ignores this folder.
import { b } from "./cycle-b";

export const a = (): number => b() + 1;
