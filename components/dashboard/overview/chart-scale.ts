// The revenue chart's vertical scale: a rounded top and evenly spaced ticks at whole amounts of the
// currency (1, 2 or 5 times a power of ten: $0, $50, $100…), so gridlines fall on readable amounts.

/**
 * Ticks from 0 to a "nice" top at or above `max`, in minor units. The steps are whole units of
 * the currency (`minorDigits`: 2 for usd, 0 for jpy), at least one, so no label has cents.
 */
export function niceTicks(max: number, minorDigits = 2, count = 4): number[] {
  const unit = 10 ** minorDigits;
  const top = Math.max(max / unit, count);
  const raw = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let index = 0; ; index += 1) {
    const value = index * step;
    ticks.push(Math.round(value * unit));
    if (value >= top) break;
  }
  return ticks;
}

/** Which of `count` labels to show so that at most `max` appear, evenly spread (last one kept). */
export function labelEvery(count: number, max: number): number {
  return Math.max(1, Math.ceil(count / max));
}

/** The period a key moves the chart's focus to (arrows, Home, End), or null for other keys. */
export function periodAfterKey(key: string, current: number | null, count: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      return current === null ? 0 : Math.min(current + 1, last);
    case "ArrowLeft":
    case "ArrowUp":
      return current === null ? last : Math.max(current - 1, 0);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}
