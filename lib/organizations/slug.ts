// The slug rules live in lib/core/slug.ts (accounts, below organizations, need them too); kept here
// for the dashboard's imports.
export { RESERVED_SLUGS, SLUG_PATTERN, slugify } from "../core/slug";
