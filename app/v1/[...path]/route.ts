// Any /v1 path no route file claims: a JSON 404, whatever the method. What Next.js cannot route
// at all (TRACE and other methods, `%FF` or `%00` in the path) never reaches this file: the app's
// server answers it first (lib/server/pre-route.ts).
import { errorResponse } from "@/lib/api/handler";
import { ApiError } from "@/lib/core/errors";

const notFound = async () => errorResponse(ApiError.notFound());

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
