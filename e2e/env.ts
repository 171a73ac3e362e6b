// Fixed demo credentials for the browser tests: the server seeds them at boot (lib/seed/demo.ts),
// so specs can call the API and log in without reading the server's output.
// E2E_PORT (and NEXT_DIST_DIR, see next.config.js) let two runs share one checkout.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export const DEMO_ACCESS_TOKEN = "oat_e2e_0000000000000000000000000000000000000000000";
export const DEMO_ADMIN_EMAIL = "admin@e2e.test";
export const DEMO_ADMIN_PASSWORD = "e2e-admin-password";

// The Stripe fake (test/stripe-fake/serve.ts) the server's STRIPE_API_BASE points at, and its
// control port (accounts, webhook endpoints), 1000 above the app's.
export const E2E_STRIPE_PORT = E2E_PORT + 1000;
export const E2E_STRIPE_API = `http://127.0.0.1:${E2E_STRIPE_PORT}`;
export const E2E_STRIPE_CONTROL = `http://127.0.0.1:${E2E_STRIPE_PORT + 1}`;
