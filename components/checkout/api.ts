// The hosted page's only way to the server: the client-secret routes, through the shared browser
// client (components/api-client.ts; failures are its ApiRequestError). Types come from the API's
// own zod schemas (type-only imports: erased from the bundle); the schemas themselves, with zod,
// load on demand (loadSchemas) to check request bodies and responses without weighing on first load.
import type { z } from "zod";
import { ApiRequestError, apiFetch, type Problem } from "@/components/api-client";
import type { checkoutBenefitsSchema } from "@/lib/checkout/benefits";
import type {
  checkoutClientSchema,
  checkoutConfirmedSchema,
  clientUpdateCheckoutBody,
  confirmCheckoutBody,
} from "@/lib/checkout/schemas";

/** A session as the client routes send it (JSON: datetimes are ISO strings). */
export type CheckoutView = z.input<typeof checkoutClientSchema>;
export type ConfirmedCheckoutView = z.input<typeof checkoutConfirmedSchema>;
export type CheckoutBenefits = z.input<typeof checkoutBenefitsSchema>;
export type CheckoutBenefit = CheckoutBenefits["items"][number];
export type CheckoutLicenseKey = NonNullable<CheckoutBenefit["license_key"]>;
/** A device the buyer's key is activated on (listed when the benefit lets the buyer manage them). */
export type CheckoutDevice = NonNullable<CheckoutLicenseKey["activations"]>[number];
export type UpdateCheckoutBody = z.input<typeof clientUpdateCheckoutBody>;
export type ConfirmCheckoutBody = z.input<typeof confirmCheckoutBody>;
export type { Problem };

/** A module of the page fetched once, on first use (a failed fetch is tried again next time). */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/** zod and the API's schemas, fetched once, after first paint. */
export const loadSchemas = loadOnce(() => import("./schemas"));

function clientPath(clientSecret: string, suffix = "") {
  return `/v1/checkouts/custom/client/${encodeURIComponent(clientSecret)}${suffix}`;
}

/** Checks a session response against the API's own output schema before the page trusts it. */
async function asCheckout<T extends CheckoutView>(body: unknown, kind: "client" | "confirmed"): Promise<T> {
  const s = await loadSchemas();
  const schema = kind === "client" ? s.checkoutClientSchema : s.checkoutConfirmedSchema;
  if (!schema.safeParse(body).success) {
    throw new ApiRequestError(200, "UnexpectedResponse", "Something went wrong. Please reload the page.");
  }
  return body as T;
}

export async function getCheckout(clientSecret: string): Promise<CheckoutView> {
  return asCheckout(await apiFetch(clientPath(clientSecret)), "client");
}

export async function updateCheckout(clientSecret: string, body: UpdateCheckoutBody): Promise<CheckoutView> {
  return asCheckout(await apiFetch(clientPath(clientSecret), { method: "PATCH", body }), "client");
}

export async function confirmCheckout(
  clientSecret: string,
  body: ConfirmCheckoutBody,
  idempotencyKey: string,
): Promise<ConfirmedCheckoutView> {
  const response = await apiFetch(clientPath(clientSecret, "/confirm"), {
    method: "POST",
    body,
    headers: { "idempotency-key": idempotencyKey },
  });
  return asCheckout(response, "confirmed");
}

export async function getCheckoutBenefits(clientSecret: string): Promise<CheckoutBenefits> {
  return apiFetch<CheckoutBenefits>(clientPath(clientSecret, "/benefits"));
}

/** Frees one of the buyer's devices (204). */
export async function deactivateDevice(clientSecret: string, licenseKeyId: string, activationId: string) {
  const path = `/license-keys/${encodeURIComponent(licenseKeyId)}/activations/${encodeURIComponent(activationId)}`;
  await apiFetch<void>(clientPath(clientSecret, path), { method: "DELETE" });
}

/** A fresh key per payment attempt; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
