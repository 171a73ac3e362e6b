// The one error type of the API. Services throw ApiError with a typed code; lib/api/handler.ts
// turns it into the contract's JSON (section 2) in one place. Never match errors by message text.

export type ErrorCode =
  | "ResourceNotFound"
  | "Unauthorized"
  | "NotPermitted"
  | "BadRequest"
  | "NotOpenCheckout"
  | "AlreadyActiveSubscriptionError"
  | "PaymentError"
  | "ResourceAlreadyExists"
  | "ConflictError"
  | "RateLimitExceeded"
  | "MethodNotAllowed"
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
  AlreadyActiveSubscriptionError: 403,
  PaymentError: 400,
  ResourceAlreadyExists: 409,
  ConflictError: 409,
  RateLimitExceeded: 429,
  MethodNotAllowed: 405,
  RequestValidationError: 422,
  InternalServerError: 500,
  invalid_token: 401,
  insufficient_scope: 403,
};

/** One entry of a 422 body. `loc` starts with "body", "query" or "path". */
export type Problem = {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
};

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
    this.problems = options.problems ?? [];
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
