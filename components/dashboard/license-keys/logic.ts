// Pure helpers of the license key pages: status labels and actions, limits and expiry forms that
// turn into PATCH bodies (only the changed fields), and 422 problems mapped to form fields.
import type { Problem } from "@/components/api-client";
import type { BadgeTone } from "../ui/misc";

export const LICENSE_KEY_STATUSES = ["granted", "revoked", "disabled"] as const;
export type LicenseKeyStatus = (typeof LICENSE_KEY_STATUSES)[number];

export const STATUS_LABELS: Record<LicenseKeyStatus, string> = {
  granted: "Granted",
  revoked: "Revoked",
  disabled: "Disabled",
};

export const STATUS_TONES: Record<LicenseKeyStatus, BadgeTone> = {
  granted: "green",
  revoked: "red",
  disabled: "amber",
};

export type StatusAction = "revoke" | "disable" | "grant";

/** The status changes that make sense from a status: a revoked key can only be granted again. */
export function statusActions(status: LicenseKeyStatus): StatusAction[] {
  if (status === "granted") return ["disable", "revoke"];
  if (status === "disabled") return ["grant", "revoke"];
  return ["grant"];
}

export const ACTION_TARGET: Record<StatusAction, LicenseKeyStatus> = {
  revoke: "revoked",
  disable: "disabled",
  grant: "granted",
};

/** "3 / 10", or "3 (no limit)" when the limit is null. */
export function countOfLimit(count: number, limit: number | null): string {
  return limit === null ? `${count} (no limit)` : `${count} / ${limit}`;
}

export type LimitsForm = { limit_activations: string; limit_usage: string; usage: string };
export type LimitsPatch = { limit_activations?: number | null; limit_usage?: number | null; usage?: number };
type LimitsSource = { limit_activations: number | null; limit_usage: number | null; usage: number };

export function limitsFormFrom(key: LimitsSource): LimitsForm {
  return {
    limit_activations: key.limit_activations === null ? "" : String(key.limit_activations),
    limit_usage: key.limit_usage === null ? "" : String(key.limit_usage),
    usage: String(key.usage),
  };
}

/** "" → null (no limit), a whole number → that number, anything else → undefined (invalid). */
export function parseLimit(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * The PATCH body for the limits dialog: only the fields that differ from the key (so a usage count
 * that moved meanwhile is not overwritten), or the problems found before sending anything.
 */
export function limitsPatch(
  key: LimitsSource,
  form: LimitsForm,
): { patch: LimitsPatch; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const patch: LimitsPatch = {};
  for (const field of ["limit_activations", "limit_usage"] as const) {
    const value = parseLimit(form[field]);
    if (value === undefined) errors[field] = "Enter a whole number, or leave empty for no limit.";
    else if (value !== key[field]) patch[field] = value;
  }
  const usage = parseLimit(form.usage);
  if (usage === undefined || usage === null) errors.usage = "Enter a whole number (0 or more).";
  else if (usage !== key.usage) patch.usage = usage;
  return { patch, errors };
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** A date input's value ("2030-05-01") → the end of that day in the merchant's time zone, as ISO. */
export function endOfDayIso(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(year, month - 1, day, 23, 59, 59, 999);
  if (at.getFullYear() !== year || at.getMonth() !== month - 1 || at.getDate() !== day) return null;
  return at.toISOString();
}

/** An ISO datetime → the date input's value in the merchant's time zone ("" for null). */
export function dateInputValue(iso: string | null | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** 422 problems of the request body, keyed by their top-level field. */
export function problemsByField(problems: readonly Problem[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const problem of problems) {
    const [where, field] = problem.loc;
    if (where !== "body" || field === undefined) continue;
    byField[String(field)] ??= problem.msg;
  }
  return byField;
}

/** Sorting criteria the API allows for license keys (docs/api.md §5). */
export const LICENSE_KEY_SORT_FIELDS = ["created_at", "expires_at", "last_validated_at", "usage"] as const;

export { allowedSorting } from "../sorting";

/** A URL value if it is one of the allowed ones, else undefined (ignored). */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}
