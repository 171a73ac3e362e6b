// Column-header sorting that maps onto the API's multi-criteria `sorting` parameter:
// a click sorts by that column alone (a second click reverses it); shift-click adds the column as
// the next criterion (or reverses it where it already is).

export type Direction = "asc" | "desc";

export function directionOf(sorting: readonly string[], field: string): Direction | null {
  if (sorting.includes(field)) return "asc";
  if (sorting.includes(`-${field}`)) return "desc";
  return null;
}

function criterion(field: string, direction: Direction): string {
  return direction === "desc" ? `-${field}` : field;
}

export function nextSorting(
  sorting: readonly string[],
  field: string,
  options: { additive: boolean; defaultDirection?: Direction },
): string[] {
  const current = directionOf(sorting, field);
  const initial = options.defaultDirection ?? "asc";
  if (options.additive) {
    if (current === null) return [...sorting, criterion(field, initial)];
    const flipped = criterion(field, current === "asc" ? "desc" : "asc");
    return sorting.map((value) => (value === criterion(field, current) ? flipped : value));
  }
  const isOnlyCriterion = sorting.length === 1 && current !== null;
  if (isOnlyCriterion) return [criterion(field, current === "asc" ? "desc" : "asc")];
  return [criterion(field, initial)];
}

/** The URL's sorting, without criteria the API would refuse; the fallback when none is left. */
export function allowedSorting(
  sorting: readonly string[],
  fields: readonly string[],
  fallback: readonly string[],
): string[] {
  const kept = sorting.filter((value) => fields.includes(value.replace(/^-/, "")));
  return kept.length ? kept : [...fallback];
}
