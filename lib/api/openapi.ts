// The OpenAPI 3.1 document, generated from the same zod schemas and route specs that validate
// requests and shape responses, so the reference cannot drift from what the handlers do.
import { z } from "zod";
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

const errorResponse = (description: string, schema = "Error") => ({
  description,
  content: { "application/json": { schema: { $ref: `#/components/schemas/${schema}` } } },
});

function operation(method: string, path: string, spec: RouteSpec) {
  const secured = spec.auth !== "public";
  const responses: Record<string, unknown> = {
    [String(spec.status ?? 200)]:
      spec.status === 204
        ? { description: "No content" }
        : {
            description: "Success",
            content: spec.produces
              ? { [spec.produces]: { schema: { type: "string" } } }
              : { "application/json": { schema: spec.output ? jsonSchema(spec.output) : {} } },
          },
    "404": errorResponse("Not found"),
    "422": errorResponse("Validation error: every problem, with its location", "ValidationError"),
  };
  if (secured) {
    responses["401"] = errorResponse("Missing, invalid, expired or revoked token");
    responses["403"] = errorResponse("The token lacks the scope, or the action is not permitted");
  }
  // Sign-in and sign-out take no Idempotency-Key (handler.ts `idempotency: "none"`).
  const idempotent = (method === "POST" || method === "PATCH") && spec.idempotency !== "none";
  if (idempotent) {
    responses["409"] = errorResponse("Idempotency key reused with another body, or a concurrent request");
  }
  if (spec.upload) {
    responses["413"] = errorResponse(`The request body is over ${spec.upload.maxBytes} bytes`);
    responses["415"] = errorResponse("A request body that is not multipart/form-data");
  } else if (method !== "GET") {
    responses["413"] = errorResponse("The request body is over the size limit (1 MiB by default)");
    responses["415"] = errorResponse("A request body that is not JSON (Content-Type: application/json)");
  }
  return {
    operationId: `${method.toLowerCase()}${path.replace(/\{([^}]+)\}/g, "By_$1").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = "") => c.toUpperCase())}`,
    summary: spec.summary ?? `${method} ${path}`,
    ...(spec.auth === "customer"
      ? {
          security: [{ customerSession: [] }],
          description:
            "Customer portal: requires a customer session token (`Authorization: Bearer cst_...`).",
        }
      : spec.auth === "session"
        ? {
            security: [{ session: [] }],
            description:
              "Dashboard only: requires a signed-in merchant's session cookie (and X-CSRF-Token on writes).",
          }
        : secured
          ? {
              security: [{ accessToken: [] }, { session: [] }],
              description: `Requires a token with the \`${spec.auth}\` scope, or a merchant's session cookie.`,
            }
          : { security: [] }),
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
            },
          },
        }
      : {}),
    responses,
  };
}

export function openApiDocument(routes: DocumentedRoute[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
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
    paths,
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
          properties: { error: { type: "string" }, detail: { type: "string" } },
          required: ["error", "detail"],
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
        },
      },
    },
  };
}
