// The hosted page's only way to the server: the client-secret routes. Types come from the API's
// own zod schemas (type-only imports: erased from the bundle); the schemas themselves, with zod,
// load on demand (loadSchemas) to check request bodies and responses without weighing on first load.
import type { z } from "zod";
import type { Problem } from "@/lib/core/errors";
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
export type UpdateCheckoutBody = z.input<typeof clientUpdateCheckoutBody>;
export type ConfirmCheckoutBody = z.input<typeof confirmCheckoutBody>;
export type { Problem };

/** A failed request: the contract's error code and detail, and the 422 problems when there are some. */
export class CheckoutRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
    this.name = "CheckoutRequestError";
  }
}

export const NETWORK_ERROR = "NetworkError";

let schemas: Promise<typeof import("./schemas")> | null = null;

/** zod and the API's schemas, fetched once, after first paint (a failed fetch is retried next time). */
export function loadSchemas() {
  schemas ??= import("./schemas").catch((error: unknown) => {
    schemas = null;
    throw error;
  });
  return schemas;
}

function clientPath(clientSecret: string, suffix = "") {
  return `/v1/checkouts/custom/client/${encodeURIComponent(clientSecret)}${suffix}`;
}

function errorFrom(status: number, body: unknown): CheckoutRequestError {
  const { error, detail } = (body ?? {}) as { error?: unknown; detail?: unknown };
  const code = typeof error === "string" ? error : "UnexpectedError";
  if (Array.isArray(detail)) return new CheckoutRequestError(status, code, "Please check the form.", detail);
  const message = typeof detail === "string" ? detail : "Something went wrong. Please try again.";
  return new CheckoutRequestError(status, code, message);
}

async function request(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      cache: "no-store",
      headers: {
        accept: "application/json",
        ...(init.body ? { "content-type": "application/json" } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new CheckoutRequestError(
      0,
      NETWORK_ERROR,
      "We couldn't reach the server. Check your connection and try again.",
    );
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): reported below by status.
  }
  if (!response.ok) throw errorFrom(response.status, body);
  return body;
}

/** Checks a session response against the API's own output schema before the page trusts it. */
async function asCheckout<T extends CheckoutView>(body: unknown, kind: "client" | "confirmed"): Promise<T> {
  const s = await loadSchemas();
  const schema = kind === "client" ? s.checkoutClientSchema : s.checkoutConfirmedSchema;
  if (!schema.safeParse(body).success) {
    throw new CheckoutRequestError(
      200,
      "UnexpectedResponse",
      "Something went wrong. Please reload the page.",
    );
  }
  return body as T;
}

export async function getCheckout(clientSecret: string): Promise<CheckoutView> {
  return asCheckout(await request(clientPath(clientSecret)), "client");
}

export async function updateCheckout(clientSecret: string, body: UpdateCheckoutBody): Promise<CheckoutView> {
  const response = await request(clientPath(clientSecret), { method: "PATCH", body: JSON.stringify(body) });
  return asCheckout(response, "client");
}

export async function confirmCheckout(
  clientSecret: string,
  body: ConfirmCheckoutBody,
  idempotencyKey: string,
): Promise<ConfirmedCheckoutView> {
  const response = await request(clientPath(clientSecret, "/confirm"), {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "idempotency-key": idempotencyKey },
  });
  return asCheckout(response, "confirmed");
}

export async function getCheckoutBenefits(clientSecret: string): Promise<CheckoutBenefits> {
  return (await request(clientPath(clientSecret, "/benefits"))) as CheckoutBenefits;
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
