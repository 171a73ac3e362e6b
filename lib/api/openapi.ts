// The OpenAPI 3.1 document, generated from the same zod schemas and route specs that validate
// requests and shape responses, so the reference cannot drift from what the handlers do.
import { z } from "zod";
import { STATUS_OF, type ErrorCode } from "../core/errors";
import type { RouteHandler, RouteSpec } from "./handler";

export type DocumentedRoute = {
  /** OpenAPI path template, e.g. `/v1/orders/{id}`. */
  path: string;
  module: Partial<Record<string, RouteHandler>>;
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

// Requests are documented as clients send them (`input`); responses as they are encoded on the
// wire, which for zod codecs (dates) is also the input side.
function jsonSchema(schema: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete out.$schema;
  return out;
}

function parameters(schema: z.ZodType | undefined, where: "path" | "query") {
  if (!schema) return [];
  const object = jsonSchema(schema);
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: property,
    ...(property.type === "array" ? { style: "form", explode: true } : {}),
  }));
}

// Bearer-token failures answer in OAuth's shape, every other error in the project's own
// (docs/api.md §2).
const errorResponse = (description: string, schemas: string[] = ["Error"]) => {
  const refs = schemas.map((name) => ({ $ref: `#/components/schemas/${name}` }));
  return {
    description,
    content: { "application/json": { schema: refs.length === 1 ? refs[0] : { anyOf: refs } } },
  };
};

// The `error` names of the project's own shape: all but the 422's and the OAuth token errors.
const OWN_SHAPE_EXCEPTIONS: ErrorCode[] = ["RequestValidationError", "invalid_token", "insufficient_scope"];
const DOMAIN_ERRORS = (Object.keys(STATUS_OF) as ErrorCode[]).filter(
  (code) => !OWN_SHAPE_EXCEPTIONS.includes(code),
);

/** The tag of the routes only the dashboard calls: listed last, marked internal. */
export const INTERNAL_TAG = "Dashboard (internal)";

/** Routes only the dashboard calls: its sign-in and the session-only routes. */
const isInternal = (path: string, spec: RouteSpec) => spec.auth === "session" || path.startsWith("/v1/auth/");

/** `/v1/checkout-links/{id}` → "Checkout links". */
function tagOf(path: string, spec: RouteSpec): string {
  if (isInternal(path, spec)) return INTERNAL_TAG;
  const segment = path.split("/")[2] ?? "";
  const words = segment.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function successResponse(spec: RouteSpec) {
  if (spec.status === 204) return { description: "No content" };
  const jsonContent = { "application/json": { schema: spec.output ? jsonSchema(spec.output) : {} } };
  // A file, and its JSON form when the route has one (a receipt's `{url}`).
  const content = spec.produces
    ? {
        [spec.produces]: { schema: { type: "string", format: "binary" } },
        ...(spec.output ? jsonContent : {}),
      }
    : jsonContent;
  return { description: "Success", content };
}

function credential(spec: RouteSpec) {
  if (spec.auth === "public") return { security: [], description: "Public: no credential." };
  if (spec.auth === "customer")
    return {
      security: [{ customerSession: [] }],
      description: "Customer portal: requires a customer session token (`Authorization: Bearer cst_...`).",
    };
  if (spec.auth === "session")
    return {
      security: [{ session: [] }],
      description:
        "Dashboard only: requires a signed-in merchant's session cookie (and X-CSRF-Token on writes).",
    };
  return {
    security: [{ accessToken: [] }, { session: [] }],
    description: `Requires a token with the \`${spec.auth}\` scope, or a merchant's session cookie.`,
  };
}

function operation(method: string, path: string, spec: RouteSpec) {
  const secured = spec.auth !== "public";
  const responses: Record<string, unknown> = {
    [String(spec.status ?? 200)]: successResponse(spec),
    "404": errorResponse("Not found"),
    "422": errorResponse("Validation error: every problem, with its location", ["ValidationError"]),
  };
  if (secured) {
    responses["401"] = errorResponse("Missing, invalid, expired or revoked token", ["TokenError", "Error"]);
    responses["403"] = errorResponse("The token lacks the scope, or the action is not permitted", [
      "TokenError",
      "Error",
    ]);
  }
  // Sign-in and sign-out take no Idempotency-Key (handler.ts `idempotency: "none"`).
  const idempotent = (method === "POST" || method === "PATCH") && spec.idempotency !== "none";
  if (idempotent) {
    responses["409"] = errorResponse("Idempotency key reused with another body, or a concurrent request");
  }
  if (spec.upload) {
    responses["413"] = errorResponse(`The request body is over ${spec.upload.maxBytes} bytes`);
    responses["415"] = errorResponse(
      spec.upload.json
        ? "A request body that is neither multipart/form-data nor JSON"
        : "A request body that is not multipart/form-data",
    );
  } else if (method !== "GET") {
    responses["413"] = errorResponse("The request body is over the size limit (1 MiB by default)");
    responses["415"] = errorResponse("A request body that is not JSON (Content-Type: application/json)");
  }
  return {
    operationId: `${method.toLowerCase()}${path.replace(/\{([^}]+)\}/g, "By_$1").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = "") => c.toUpperCase())}`,
    summary: spec.summary ?? `${method} ${path}`,
    tags: [tagOf(path, spec)],
    ...(isInternal(path, spec) ? { "x-internal": true } : {}),
    security: credential(spec).security,
    // Markdown: the credential, then what the route declares (docs/api-reference.md).
    description: [credential(spec).description, spec.description].filter(Boolean).join("\n\n"),
    parameters: [
      ...parameters(spec.params, "path"),
      ...parameters(spec.query, "query"),
      ...(idempotent
        ? [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              schema: { type: "string", maxLength: 255 },
              description: "Replays the first response for 24 hours for the same key and body.",
            },
          ]
        : []),
    ],
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: {
              [spec.upload ? "multipart/form-data" : "application/json"]: { schema: jsonSchema(spec.body) },
              ...(spec.upload && spec.jsonBody
                ? { "application/json": { schema: jsonSchema(spec.jsonBody) } }
                : {}),
            },
          },
        }
      : {}),
    responses,
  };
}

/** One webhook event type and the zod schema of its `data` (app/v1/openapi.json/webhooks.ts). */
export type DocumentedWebhook = { type: string; summary: string; description?: string; data: z.ZodType };

const WEBHOOKS_TAG = "Webhook events";

// Deliveries follow Standard Webhooks (docs/webhooks.md#verifying-the-signature).
const SIGNATURE_HEADERS = (
  [
    ["webhook-id", "The event's id: the same on every retry and redelivery (drop duplicates by it)."],
    ["webhook-timestamp", "Unix seconds of this attempt."],
    [
      "webhook-signature",
      "`v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>`; two during a secret rotation.",
    ],
  ] as const
).map(([name, description]) => ({
  name,
  in: "header",
  required: true,
  schema: { type: "string" },
  description,
}));

/** The webhook as OpenAPI 3.1 describes it: the POST the app sends to a merchant's endpoint. */
function webhookOperation(webhook: DocumentedWebhook) {
  return {
    post: {
      operationId: `webhook_${webhook.type.replace(/\W/g, "_")}`,
      summary: webhook.summary,
      ...(webhook.description ? { description: webhook.description } : {}),
      tags: [WEBHOOKS_TAG],
      parameters: SIGNATURE_HEADERS,
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                type: { type: "string", const: webhook.type },
                timestamp: { type: "string", format: "date-time" },
                sequence: { type: "integer", minimum: 1, description: "The organization's commit order." },
                livemode: {
                  type: "boolean",
                  description: "The organization's mode: false for a test organization (no real payment).",
                },
                data: jsonSchema(webhook.data),
              },
              required: ["type", "timestamp", "sequence", "livemode", "data"],
            },
          },
        },
      },
      responses: {
        "2XX": { description: "Any 2xx within 10 s is a success; anything else is retried." },
      },
    },
  };
}

/** Tags in the order their routes come, the internal ones last, then the webhook events. */
function tagList(paths: Record<string, Record<string, { tags: string[] }>>) {
  const names = new Set(
    Object.values(paths).flatMap((methods) => Object.values(methods).flatMap((o) => o.tags)),
  );
  const ordered = [...names].filter((name) => name !== INTERNAL_TAG);
  return [
    ...ordered.map((name) => ({ name })),
    ...(names.has(INTERNAL_TAG)
      ? [
          {
            name: INTERNAL_TAG,
            description: "Routes the dashboard calls; not for integrations.",
            "x-internal": true,
          },
        ]
      : []),
    { name: WEBHOOKS_TAG, description: "What the app POSTs to a merchant's webhook endpoints." },
  ];
}

export function openApiDocument(
  routes: DocumentedRoute[],
  info: { title: string; version: string },
  webhookEvents: DocumentedWebhook[] = [],
) {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const { path, module } of routes) {
    for (const method of METHODS) {
      const spec = module[method]?.spec;
      if (!spec) continue;
      (paths[path] ??= {})[method.toLowerCase()] = operation(method, path, spec);
    }
  }
  return {
    openapi: "3.1.0",
    info,
    servers: [{ url: "/" }],
    tags: tagList(paths),
    paths,
    webhooks: Object.fromEntries(webhookEvents.map((webhook) => [webhook.type, webhookOperation(webhook)])),
    components: {
      securitySchemes: {
        accessToken: {
          type: "http",
          scheme: "bearer",
          description: "An organization access token (`oat_...`).",
        },
        customerSession: {
          type: "http",
          scheme: "bearer",
          description:
            "A customer session token (`cst_...`): returned by checkout confirm, by POST /v1/customer-portal/customer-session/authenticate, or minted by the merchant (POST /v1/customer-sessions/).",
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "dsb_session",
          description:
            "The dashboard's session cookie, set by POST /v1/auth/sign-in. Writes also need the `X-CSRF-Token` header (the `dsb_csrf` cookie's value).",
        },
      },
      schemas: {
        Error: {
          type: "object",
          description: "Every other error: a machine name and a human sentence (docs/api.md §2).",
          properties: {
            error: { type: "string", enum: DOMAIN_ERRORS },
            detail: { type: "string" },
          },
          required: ["error", "detail"],
          examples: [{ error: "ResourceNotFound", detail: "Not found" }],
        },
        TokenError: {
          type: "object",
          description: "A bearer token's failure, in OAuth's shape (docs/api.md §2).",
          properties: {
            error: { type: "string", enum: ["invalid_token", "insufficient_scope"] },
            error_description: { type: "string" },
          },
          required: ["error", "error_description"],
          examples: [
            {
              error: "insufficient_scope",
              error_description: "The access token does not have the required scope: orders:read.",
            },
          ],
        },
        ValidationError: {
          type: "object",
          properties: {
            error: { type: "string", const: "RequestValidationError" },
            detail: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  type: { type: "string" },
                  loc: { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } },
                  msg: { type: "string" },
                  input: {},
                },
                required: ["type", "loc", "msg", "input"],
              },
            },
          },
          required: ["error", "detail"],
          examples: [
            {
              error: "RequestValidationError",
              detail: [
                { type: "missing", loc: ["body", "customer_email"], msg: "Field required", input: null },
              ],
            },
          ],
        },
      },
    },
  };
}
