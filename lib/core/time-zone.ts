// Instants written in a time zone the caller names (the subscriptions export's `timezone`): an IANA
// name such as "Europe/Paris", any case, or "UTC". Written as ISO 8601 with the zone's offset at
// that instant ("2025-07-01T14:00:00.000+02:00"), so every cell still names one instant; in UTC
// exactly as Date#toISOString writes it (with "Z"), like the other exports.
import { z } from "zod";

/** Whether the runtime knows the zone (its ICU data: IANA names and their aliases). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A `timezone` query parameter: a known zone, "UTC" when absent; anything else is 422. */
export const timeZoneQuery = () =>
  z
    .string()
    .max(64)
    .refine(isTimeZone, { message: "Unknown time zone: use an IANA name such as Europe/Paris, or UTC" })
    .default("UTC");

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** ISO 8601's year: four digits, or signed six past them (9999-12-31 UTC is 10000 in Paris). */
const isoYear = (year: number) =>
  year >= 0 && year <= 9999 ? pad(year, 4) : `${year < 0 ? "-" : "+"}${pad(Math.abs(year), 6)}`;

/** Formats instants in `zone` (a name isTimeZone accepts). */
export function instantFormatter(zone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
    era: "short",
  });
  if (format.resolvedOptions().timeZone === "UTC") return (date) => date.toISOString();
  return (date) => {
    const parts: Record<string, number> = {};
    let era = "";
    for (const part of format.formatToParts(date)) {
      if (part.type === "era") era = part.value;
      else if (part.type !== "literal") parts[part.type] = Number(part.value);
    }
    // 0001-01-01 UTC is still 1 BC west of Greenwich: the proleptic year 0 (astronomical numbering).
    const year = era === "BC" ? 1 - parts.year! : parts.year!;
    const ms = date.getUTCMilliseconds();
    // The wall clock read as if it were UTC, minus the instant: the zone's offset then.
    const wall = new Date(0);
    wall.setUTCFullYear(year, parts.month! - 1, parts.day!);
    wall.setUTCHours(parts.hour!, parts.minute!, parts.second!, ms);
    const offsetSeconds = Math.round((wall.getTime() - date.getTime()) / 1000);
    const sign = offsetSeconds < 0 ? "-" : "+";
    const abs = Math.abs(offsetSeconds);
    // Before standard time, zones were off UTC by seconds too (Paris: +00:09:21 until 1911).
    const offset = `${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor(abs / 60) % 60)}${abs % 60 ? `:${pad(abs % 60)}` : ""}`;
    return (
      `${isoYear(year)}-${pad(parts.month!)}-${pad(parts.day!)}` +
      `T${pad(parts.hour!)}:${pad(parts.minute!)}:${pad(parts.second!)}.${pad(ms, 3)}${offset}`
    );
  };
}
