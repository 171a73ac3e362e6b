// An endpoint as the API answers it, for the webhooks pages' unit tests (not shipped: only tests
// import it).
import type { WebhookEndpoint } from "./types";

export const TEST_ENDPOINT: WebhookEndpoint = {
  id: "e1",
  created_at: "2030-01-01T00:00:00.000Z",
  modified_at: null,
  organization_id: "o1",
  url: "https://example.com/hooks",
  format: "raw",
  events: ["order.paid", "subscription.canceled"],
  enabled: true,
  failing_since: null,
  disabled_at: null,
  disabled_reason: null,
  previous_secret_expires_at: null,
};
