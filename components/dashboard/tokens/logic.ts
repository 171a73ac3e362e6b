// Pure helpers of the access token page: the expiry choices, a token's state, scopes grouped by
// resource (read and write side by side).
import { endOfDayIso } from "../license-keys/logic";

export const EXPIRY_CHOICES = [
  { value: "never", label: "Never" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "custom", label: "On a date…" },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]["value"];

const DAY = 24 * 60 * 60 * 1000;

/**
 * The body's `expires_at` for a choice: null for never, now + N days, or the end of the picked day;
 * undefined when the custom date is missing or malformed.
 */
export function expiresAtFor(
  choice: ExpiryChoice,
  customDate: string,
  now = new Date(),
): string | null | undefined {
  if (choice === "never") return null;
  if (choice === "custom") return endOfDayIso(customDate) ?? undefined;
  return new Date(now.getTime() + Number(choice) * DAY).toISOString();
}

export type TokenState = "active" | "revoked" | "expired";

export function tokenState(
  token: { revoked_at: string | null; expires_at: string | null },
  now = new Date(),
): TokenState {
  if (token.revoked_at) return "revoked";
  if (token.expires_at && new Date(token.expires_at) <= now) return "expired";
  return "active";
}

export type ScopeGroup<S extends string = string> = { resource: string; label: string; scopes: S[] };

/** `["orders:read", "license_keys:read", "license_keys:write"]` → one group per resource, in order. */
export function groupScopes<S extends string>(scopes: readonly S[]): ScopeGroup<S>[] {
  const groups: ScopeGroup<S>[] = [];
  for (const scope of scopes) {
    const resource = scope.split(":")[0] ?? scope;
    let group = groups.find((item) => item.resource === resource);
    if (!group) {
      const words = resource.replace(/_/g, " ");
      group = { resource, label: words.charAt(0).toUpperCase() + words.slice(1), scopes: [] };
      groups.push(group);
    }
    group.scopes.push(scope);
  }
  return groups;
}
