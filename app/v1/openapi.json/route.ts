// GET /v1/openapi.json — the OpenAPI 3.1 document of the /v1 API, generated from the route specs.
import { json, methods } from "@/lib/api/handler";
import { apiDocument, type ApiDocument } from "./document";

let document: ApiDocument | undefined;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // Built on first request (not at import: `next build` evaluates this module) and then kept.
  GET: async () => json((document ??= apiDocument())),
});
