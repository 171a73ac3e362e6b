// Webhook factories: an endpoint with a known secret (returned beside the row, as create answers
// it), for tests and fixtures. Events and deliveries are made through lib/webhooks/emit.ts.
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { generateSecret, sealSecret } from "../webhooks/secrets";
import { WEBHOOK_EVENT_TYPES } from "../webhooks/event-types";

export async function createWebhookEndpoint(
  db: DbOrTx,
  organizationId: string,
  data: Partial<Omit<Prisma.WebhookEndpointUncheckedCreateInput, "secret_sealed">> & { secret?: string } = {},
) {
  const { secret = generateSecret(), ...columns } = data;
  const id = columns.id ?? randomUUID();
  const endpoint = await db.webhookEndpoint.create({
    data: {
      id,
      organization_id: organizationId,
      url: "https://hooks.example.com/webhooks",
      events: [...WEBHOOK_EVENT_TYPES],
      ...columns,
      secret_sealed: sealSecret(id, secret),
    },
  });
  return { endpoint, secret };
}
