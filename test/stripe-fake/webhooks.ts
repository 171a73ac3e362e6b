// Stripe's webhook signature (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`,
// keyed by the whsec_ secret as is) and the delivery of an event to a receiver.
import { createHmac } from "node:crypto";
import type Stripe from "stripe";

/** `timestamp` is a Date or Unix seconds (default: now). */
export function signStripePayload(
  payload: string,
  secret: string,
  timestamp: Date | number = new Date(),
): string {
  const seconds =
    typeof timestamp === "number" ? Math.floor(timestamp) : Math.floor(timestamp.getTime() / 1000);
  const signature = createHmac("sha256", secret).update(`${seconds}.${payload}`, "utf8").digest("hex");
  return `t=${seconds},v1=${signature}`;
}

/** POSTs the event as Stripe does (JSON, signed); answers the receiver's status. */
export async function deliverEvent(
  event: Stripe.Event,
  url: string,
  webhookSecret: string,
  timestamp: Date | number = new Date(),
): Promise<number> {
  const payload = JSON.stringify(event, null, 2);
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      "Stripe-Signature": signStripePayload(payload, webhookSecret, timestamp),
    },
    body: payload,
  });
  await response.arrayBuffer();
  return response.status;
}
