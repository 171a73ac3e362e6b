// Price wording and dates for the hosted page (money itself: lib/money.ts). One fixed locale, so
// the server's first paint and the browser's hydration print the same characters.

const LOCALE = "en-US";
export function intervalLabel(interval: "month" | "year" | null | undefined): string {
  return interval === "year" ? "year" : "month";
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
