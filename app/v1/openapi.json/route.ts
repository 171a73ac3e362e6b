// GET /v1/openapi.json — the OpenAPI 3.1 document of the /v1 API, generated from the route specs.
import { json, methods } from "@/lib/api/handler";
import { openApiDocument } from "@/lib/api/openapi";
import { DOCUMENTED_ROUTES } from "./routes";

let document: ReturnType<typeof openApiDocument> | undefined;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // Built on first request (not at import: `next build` evaluates this module) and then kept.
  GET: async () =>
    json(
      (document ??= openApiDocument(DOCUMENTED_ROUTES, {
        title: "Digital Sales Backend API",
        version: "1.0.0",
      })),
    ),
});
