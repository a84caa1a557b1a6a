import type { Language } from "./languages";

const formats = new Map<string, Intl.DateTimeFormat>();

/** docs/domain.md#formatting: an instant as a medium date (and 24-hour time) in the reader's language, on `timeZone`'s clock. */
export function formatInstant(at: Date, language: Language, timeZone: string, withTime = true): string {
  const key = `${language}|${timeZone}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      language,
      withTime
        ? { dateStyle: "medium", timeStyle: "short", timeZone, hourCycle: "h23" }
        : { dateStyle: "medium", timeZone },
    );
    formats.set(key, format);
  }
  return format.format(at);
}
