// The demo organization's slug, on its own so start-up can look the demo up without loading the
// seed code (lib/boot.ts).
export const DEMO_SLUG = "demo";
