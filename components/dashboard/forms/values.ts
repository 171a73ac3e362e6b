// Pure conversions between what a form's inputs hold (strings) and what the API takes: metadata
// rows, optional numbers, datetime-local values, and the PATCH body of only the changed fields.

export type MetadataValue = string | number | boolean;
export type MetadataRow = { key: string; value: string };

export function metadataRows(metadata: Record<string, MetadataValue> | undefined): MetadataRow[] {
  return Object.entries(metadata ?? {}).map(([key, value]) => ({ key, value: String(value) }));
}

/**
 * The rows as metadata: blank rows are dropped; a value whose text did not change keeps its type
 * (a number stays a number), any other value is a string.
 */
export function metadataFromRows(
  rows: readonly MetadataRow[],
  original: Record<string, MetadataValue> = {},
): Record<string, MetadataValue> {
  const metadata: Record<string, MetadataValue> = {};
  for (const { key, value } of rows) {
    const name = key.trim();
    if (!name && !value) continue;
    const before = original[name];
    metadata[name] = before !== undefined && String(before) === value ? before : value;
  }
  return metadata;
}

/** "" → null, a whole number → it, anything else → undefined (the form reports it). */
export function parseOptionalInt(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^-?\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : undefined;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** An ISO datetime → a datetime-local input's value in the merchant's time zone ("" for null). */
export function localInputValue(iso: string | null | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local input's value (local time) → ISO; "" → null; a malformed value → undefined. */
export function isoFromLocalInput(value: string): string | null | undefined {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** A body built from the form's values, or the problems found in them (field → message). */
export type Built<Body> = { body: Body; errors: Record<string, string> };

/** A PATCH from the full body a form built: only the fields that differ from the record as the
 * form would send it (`current`). */
export function changedOnly<T extends Record<string, unknown>>(
  built: Built<T>,
  current: Record<string, unknown>,
): Built<Partial<T>> {
  return { body: changedFields(current, built.body), errors: built.errors };
}

/** The fields of `next` whose value differs from `current` (compared as JSON): a PATCH body. */
export function changedFields<T extends Record<string, unknown>>(
  current: Record<string, unknown>,
  next: T,
): Partial<T> {
  const patch: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T & string)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(current[key])) patch[key] = next[key];
  }
  return patch;
}
