// The signing secret answered by create stays out of the endpoint's cached detail, waits apart for
// the endpoint's page, and is gone once that page forgets it (shown once).
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { TEST_ENDPOINT } from "../webhooks/test-endpoint";
import type { WebhookEndpointWithSecret } from "../webhooks/types";
import { forgetRevealedSecret, peekRevealedSecret, rememberCreatedEndpoint, webhookKeys } from "./webhooks";

const created: WebhookEndpointWithSecret = { ...TEST_ENDPOINT, secret: "whsec_c2VjcmV0" };

describe("the created endpoint's secret", () => {
  it("is cached apart from the endpoint and shown once", () => {
    const client = new QueryClient();
    rememberCreatedEndpoint(client, created);
    const detail = client.getQueryData<Record<string, unknown>>(webhookKeys.detail("e1"));
    expect(detail).toMatchObject({ id: "e1", url: created.url });
    expect(detail).not.toHaveProperty("secret");
    expect(peekRevealedSecret(client, "e1")).toEqual({
      secret: "whsec_c2VjcmV0",
      previous_secret_expires_at: null,
    });
    expect(peekRevealedSecret(client, "e2")).toBeNull();
    forgetRevealedSecret(client, "e1");
    expect(peekRevealedSecret(client, "e1")).toBeNull();
  });

  it("is not touched by invalidating the endpoints", async () => {
    const client = new QueryClient();
    rememberCreatedEndpoint(client, created);
    await client.invalidateQueries({ queryKey: webhookKeys.all });
    expect(peekRevealedSecret(client, "e1")?.secret).toBe("whsec_c2VjcmV0");
  });
});
