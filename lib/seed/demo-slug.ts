// The demo organization's slug and its checkout link's, on their own so start-up can look the demo
// up and print the link's URL without loading the seed code (lib/boot.ts).
export const DEMO_SLUG = "demo";

/** The demo checkout link's slug: its public URL, `/buy/acme-studio`, is printed at start-up. */
export const DEMO_CHECKOUT_LINK_SLUG = "acme-studio";
