import { setLogDestination } from "../log/logger.server";

/** Every line the logger writes from now on, parsed; `restore` sends lines to stdout again. */
export function captureLogs() {
  const raw: string[] = [];
  setLogDestination({ write: (line: string) => void raw.push(line) });
  return {
    raw,
    lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => raw.join(""),
    restore: () => setLogDestination(null),
  };
}
