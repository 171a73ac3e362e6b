// The API's OpenAPI document, as /v1/openapi.json serves it and /docs renders it.
import { openApiDocument } from "@/lib/api/openapi";
import { DOCUMENTED_ROUTES } from "./routes";
import { DOCUMENTED_WEBHOOKS } from "./webhooks";

export type ApiDocument = ReturnType<typeof openApiDocument>;

export const apiDocument = (): ApiDocument =>
  openApiDocument(
    DOCUMENTED_ROUTES,
    { title: "Digital Sales Backend API", version: "1.0.0" },
    DOCUMENTED_WEBHOOKS,
  );
