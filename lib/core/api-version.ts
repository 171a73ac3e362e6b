// The reference API's version this service's answers and event payloads follow where the
// versions differ (docs/polar-sdk.md, "API versions"). A request names its own with the
// `Polar-Version` header (lib/api/api-version.ts).
export const CURRENT_API_VERSION = "2026-10" as const;
