// The one error type of the API. Services throw ApiError with a typed code; lib/api/handler.ts
// turns it into the contract's JSON (section 2) in one place. Never match errors by message text.

export type ErrorCode =
  | "ResourceNotFound"
  | "Unauthorized"
  | "NotPermitted"
  | "BadRequest"
  | "NotOpenCheckout"
  | "CheckEmail"
  | "TrialAlreadyRedeemed"
  | "PaymentError"
  | "PaymentMethodInUseByActiveSubscription"
  | "PaymentMethodSetupFailed"
  | "CustomerNotReady"
  | "DisputeNotOpenError"
  | "OrderNotEligibleForRetry"
  | "OrderNotEligibleForInvoice"
  | "MissingInvoiceBillingDetails"
  | "InvoiceAlreadyIssued"
  | "ResourceAlreadyExists"
  | "ConflictError"
  | "ProductNotDeletable"
  | "RateLimitExceeded"
  | "MethodNotAllowed"
  | "PayloadTooLarge"
  | "UnsupportedMediaType"
  | "RequestValidationError"
  | "InternalServerError"
  // OAuth-style token errors, whose body is {error, error_description}.
  | "invalid_token"
  | "insufficient_scope";

export const STATUS_OF: Record<ErrorCode, number> = {
  ResourceNotFound: 404,
  Unauthorized: 401,
  NotPermitted: 403,
  BadRequest: 400,
  NotOpenCheckout: 403,
  // A subscription checkout for an address that already subscribes: said only by email to that
  // address, never to whoever typed it (lib/checkout/existing-subscription.ts). It replaces the
  // contract's AlreadyActiveSubscriptionError, whose name and message told anyone.
  CheckEmail: 403,
  // A trial for a buyer who had one (by email or card) where the organization prevents trial abuse
  // (lib/subscriptions/trials.ts): they may confirm again with allow_trial false and pay now.
  TrialAlreadyRedeemed: 403,
  PaymentError: 400,
  // The buyer removes a card a subscription still bills (lib/customer-portal/payment-methods.ts).
  PaymentMethodInUseByActiveSubscription: 400,
  // The card the buyer adds in the portal was declined, or its 3-D Secure failed: nothing is saved
  // (lib/customer-portal/add-card.ts).
  PaymentMethodSetupFailed: 400,
  // The buyer adds a card where the organization cannot take cards (a live organization without
  // Stripe, lib/organizations/payments-ready.ts): the reference's name and status for it.
  CustomerNotReady: 403,
  // Accepting a dispute that is closed already (lib/disputes/accept.ts).
  DisputeNotOpenError: 409,
  // Retrying an order's payment: every order here is paid (lib/customer-portal/order-payments.ts).
  OrderNotEligibleForRetry: 422,
  // Invoices (docs/invoices.md, lib/invoices/issue.ts), the reference's names and statuses: an order
  // with nothing to invoice (free), and one without the buyer's billing name or address.
  OrderNotEligibleForInvoice: 409,
  MissingInvoiceBillingDetails: 422,
  // Correcting the billing details of an order whose invoice was issued (lib/orders/billing-details.ts).
  InvoiceAlreadyIssued: 409,
  ResourceAlreadyExists: 409,
  ConflictError: 409,
  // DELETE of a product that was sold, offered or discounted (lib/products/delete.ts): the
  // reference's status and name for it; such a product can only be archived.
  ProductNotDeletable: 409,
  RateLimitExceeded: 429,
  MethodNotAllowed: 405,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  RequestValidationError: 422,
  InternalServerError: 500,
  invalid_token: 401,
  insufficient_scope: 403,
};

/** One entry of a 422 body. `loc` starts with "body", "query", "path" or "header". */
export type Problem = {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
};

/** A 422 lists every problem, up to this many (a list of 100,000 bad items gets the first 100). */
export const MAX_PROBLEMS = 100;

/** The most of a rejected value a 422 repeats back: a 20 MB field must not become a 20 MB error. */
export const MAX_ECHOED_INPUT_CHARS = 200;

function truncated(text: string): string {
  return text.length <= MAX_ECHOED_INPUT_CHARS ? text : `${text.slice(0, MAX_ECHOED_INPUT_CHARS - 1)}…`;
}

/**
 * A problem's `input` as the 422 shows it: strings cut to 200 characters, and objects or arrays
 * whose JSON is longer replaced by their JSON cut to 200 characters (a string, marked by the `…`).
 */
export function echoedInput(input: unknown): unknown {
  if (typeof input === "string") return truncated(input);
  if (input === null || typeof input !== "object") return input;
  let serialized: string;
  try {
    serialized = JSON.stringify(input) ?? "";
  } catch {
    // Too deep or cyclic to serialize: nothing useful to echo.
    return "…";
  }
  return serialized.length <= MAX_ECHOED_INPUT_CHARS ? input : truncated(serialized);
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly problems: Problem[];

  constructor(
    code: ErrorCode,
    message: string,
    options: { headers?: Record<string, string>; problems?: Problem[] } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = STATUS_OF[code];
    this.headers = options.headers ?? {};
    this.problems = (options.problems ?? [])
      .slice(0, MAX_PROBLEMS)
      .map((problem) => ({ ...problem, input: echoedInput(problem.input) }));
  }

  body(): Record<string, unknown> {
    if (this.code === "RequestValidationError") return { error: this.code, detail: this.problems };
    if (this.code === "invalid_token" || this.code === "insufficient_scope") {
      return { error: this.code, error_description: this.message };
    }
    return { error: this.code, detail: this.message };
  }

  static notFound(detail = "Not found") {
    return new ApiError("ResourceNotFound", detail);
  }

  static validation(problems: Problem[]) {
    return new ApiError("RequestValidationError", "Request validation failed", { problems });
  }

  /** A single 422 problem, for rules checked by a service rather than by a schema. */
  static invalid(loc: Problem["loc"], msg: string, input: unknown = null, type = "value_error") {
    return ApiError.validation([{ type, loc, msg, input }]);
  }
}
