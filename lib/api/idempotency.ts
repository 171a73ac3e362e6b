// Idempotency-Key (contract section 9): a POST or PATCH sent again with the same key gets the first
// answer back instead of running twice, so clients can retry after a timeout without fear. Claims
// and stored answers live in PostgreSQL (idempotency_keys), so every app instance sees them.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import type { IdempotencyKey } from "../generated/prisma/client";
import { sha256Hex } from "../crypto";
import { ApiError, type Problem } from "./errors";

const HEADER = "Idempotency-Key";
const MAX_KEY_LENGTH = 255;
const IDEMPOTENT_METHODS = new Set(["POST", "PATCH"]);
const TTL_MS = 24 * 60 * 60 * 1000;
// No request runs this long: an in-flight claim older than this was left by a crashed instance.
const IN_FLIGHT_TIMEOUT_MS = 2 * 60 * 1000;
// Expired keys are swept by whichever claim draws it, as rate-limit buckets are: no scheduled job.
const SWEEP_PROBABILITY = 0.01;
const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** What identifies one idempotent request: whose key it is, and what was asked. */
export type IdempotentRequest = {
  scope: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
};

type Claim = { id: string; claimedAt: Date };

const ts = (date: Date) => date.toISOString();

/** The request's key, null when it takes none (other methods, no header), or a 422 problem. */
export function readIdempotencyKey(
  request: Request,
): { ok: true; key: string | null } | { ok: false; problem: Problem } {
  const key = request.headers.get(HEADER);
  if (key === null || !IDEMPOTENT_METHODS.has(request.method.toUpperCase())) return { ok: true, key: null };
  const loc = ["header", HEADER];
  if (!key) {
    return {
      ok: false,
      problem: { type: "string_too_short", loc, msg: "String should have at least 1 characters", input: key },
    };
  }
  if (key.length > MAX_KEY_LENGTH) {
    return {
      ok: false,
      problem: {
        type: "string_too_long",
        loc,
        msg: `String should have at most ${MAX_KEY_LENGTH} characters`,
        input: key,
      },
    };
  }
  return { ok: true, key };
}

/**
 * Keys are per caller: a token's keys never meet another token's. Public routes carry their
 * credential (a client secret) in the path, so the path is the caller.
 */
export function describeIdempotentRequest(
  request: Request,
  key: string,
  principal: { id: string } | null,
  bodyText: string,
): IdempotentRequest {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  return {
    scope: principal ? `token:${principal.id}` : `public:${url.pathname}`,
    key,
    method,
    path: url.pathname,
    requestHash: sha256Hex(`${method}\n${url.pathname}${url.search}\n${bodyText}`),
  };
}

/**
 * Runs `run` at most once per key: claims the key, then stores the answer, or replays the stored
 * one, or refuses with 409 while another request holds the key or when the key was used for a
 * different request.
 */
export async function withIdempotency(
  db: Db,
  request: IdempotentRequest,
  run: () => Promise<Response>,
): Promise<Response> {
  const outcome = await claim(db, request, new Date());
  if (outcome instanceof Response) return outcome;
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await release(db, outcome);
    throw error;
  }
  return finish(db, outcome, response);
}

async function claim(
  db: Db,
  request: IdempotentRequest,
  now: Date,
  retried = false,
): Promise<Claim | Response> {
  if (Math.random() < SWEEP_PROBABILITY) {
    await db.idempotencyKey.deleteMany({ where: { expires_at: { lt: now } } });
  }
  const inserted = await insertClaim(db, request, now);
  if (inserted) return inserted;
  const row = await db.idempotencyKey.findUnique({
    where: { scope_key: { scope: request.scope, key: request.key } },
  });
  if (!row || row.expires_at <= now) {
    // Lost a race with another request on the same key: it is that request's key now.
    if (retried) throw inProgress();
    if (row) await db.idempotencyKey.deleteMany({ where: { id: row.id, expires_at: { lte: now } } });
    return claim(db, request, now, true);
  }
  if (
    row.request_hash !== request.requestHash ||
    row.method !== request.method ||
    row.path !== request.path
  ) {
    throw new ApiError("ConflictError", "Idempotency key was used with a different request.");
  }
  if (row.status === "completed") return replay(row);
  return takeOver(db, row, now);
}

// ON CONFLICT DO NOTHING outside any transaction: of concurrent requests exactly one inserts,
// the others wait for its commit and then see its row.
async function insertClaim(db: Db, request: IdempotentRequest, now: Date): Promise<Claim | null> {
  const id = randomUUID();
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO idempotency_keys (id, created_at, expires_at, scope, key, method, path, request_hash)
    VALUES (${id}::uuid, ${ts(now)}::timestamp, ${ts(new Date(now.getTime() + TTL_MS))}::timestamp,
            ${request.scope}, ${request.key}, ${request.method}, ${request.path}, ${request.requestHash})
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING id`;
  return rows.length ? { id, claimedAt: now } : null;
}

// The created_at condition lets only one of several retries take over a crashed claim.
async function takeOver(db: Db, row: IdempotencyKey, now: Date): Promise<Claim> {
  const { count } = await db.idempotencyKey.updateMany({
    where: {
      id: row.id,
      status: "in_flight",
      created_at: { lte: new Date(now.getTime() - IN_FLIGHT_TIMEOUT_MS) },
    },
    data: { created_at: now },
  });
  if (!count) throw inProgress();
  return { id: row.id, claimedAt: now };
}

function inProgress() {
  return new ApiError("ConflictError", "A request with this idempotency key is in progress.");
}

function replay(row: IdempotencyKey): Response {
  const body = row.response_body || null;
  const headers: Record<string, string> = { "Idempotent-Replayed": "true" };
  if (body) headers["content-type"] = JSON_CONTENT_TYPE;
  return new Response(body, { status: row.response_status ?? 200, headers });
}

async function finish(db: Db, claim: Claim, response: Response): Promise<Response> {
  const body = await response.text();
  if (isRetryable(response.status, body)) {
    await release(db, claim);
  } else {
    await complete(db, claim, response.status, body);
  }
  return new Response(body || null, { status: response.status, headers: response.headers });
}

/**
 * Answers that say "try again" are not kept, or the retry would get them back for a day: server
 * errors, rate limits, and ConflictError (a concurrent request held the resource). Everything
 * else, client errors included, would come out the same when run again.
 */
function isRetryable(status: number, body: string): boolean {
  if (status >= 500 || status === 429) return true;
  return status === 409 && errorCode(body) === "ConflictError";
}

function errorCode(body: string): unknown {
  try {
    return (JSON.parse(body) as { error?: unknown })?.error;
  } catch {
    return undefined;
  }
}

// Writes are conditioned on the claim's time: once a stale claim was taken over, the request
// that took it owns the row, and a late finish of the old one must not overwrite its answer.
async function complete(db: Db, claim: Claim, status: number, body: string) {
  await db.idempotencyKey.updateMany({
    where: { id: claim.id, status: "in_flight", created_at: claim.claimedAt },
    data: { status: "completed", response_status: status, response_body: body },
  });
}

async function release(db: Db, claim: Claim) {
  await db.idempotencyKey.deleteMany({
    where: { id: claim.id, status: "in_flight", created_at: claim.claimedAt },
  });
}
