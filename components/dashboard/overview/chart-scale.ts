// The revenue chart's vertical scale: a rounded top and evenly spaced ticks (1, 2, 2.5 or 5 times
// a power of ten), so gridlines fall on readable amounts.

/** Ticks from 0 to a "nice" top at or above `max` (amounts in minor units; at least 100). */
export function niceTicks(max: number, count = 4): number[] {
  const top = Math.max(max, 100);
  const raw = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let value = 0; value < top + step; value += step) {
    ticks.push(Math.round(value));
    if (value >= top) break;
  }
  return ticks;
}

/** Which of `count` labels to show so that at most `max` appear, evenly spread (last one kept). */
export function labelEvery(count: number, max: number): number {
  return Math.max(1, Math.ceil(count / max));
}
