// Idempotency-Key (docs/api.md §9): a POST or PATCH sent again with the same key gets the first
// answer back instead of running twice, so clients can retry after a timeout without fear. Claims
// and stored answers live in PostgreSQL (idempotency_keys), so every app instance sees them.
//
// Secrets at rest: answers carry secrets (access tokens, client secrets, customer session tokens),
// so a stored answer (headers and body) is encrypted with the server's key; scopes, paths and
// request hashes never hold a secret either (keyed hashes, path templates).
//
// Exactly once across a crash: while a request runs, its transactions also write its answer
// (`completingTransactions`), so the effect and the answer commit together; the write after the
// handler returns stays, for work done outside a transaction or in several.
//
// A crash: a claim is held by a short lease (`lease_expires_at`) that its request renews by a
// heartbeat while it runs. A killed process renews nothing, so a retry with the same key takes the
// claim over seconds after the kill rather than minutes (docs/payments-reliability.md).
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import type { IdempotencyKey } from "../generated/prisma/client";
import { decrypt, encrypt, hmacHex } from "../secrets";
import { ApiError, type Problem } from "../core/errors";

const HEADER = "Idempotency-Key";
const MAX_KEY_LENGTH = 255;
const IDEMPOTENT_METHODS = new Set(["POST", "PATCH"]);
const TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claim holds without a heartbeat: past it, its request is taken to be dead. */
export const CLAIM_LEASE_MS = 10_000;
/** How often a running request renews its claim's lease (three chances before it runs out). */
export const CLAIM_HEARTBEAT_MS = CLAIM_LEASE_MS / 4;
// Expired keys are swept by whichever claim draws it, as rate-limit buckets are: no scheduled job.
const SWEEP_PROBABILITY = 0.01;

/** What identifies one idempotent request: whose key it is, and what was asked. */
export type IdempotentRequest = {
  scope: string;
  key: string;
  method: string;
  /** The route's path with its parameters as `{name}`: a client secret in the path is not stored. */
  path: string;
  /** HMAC of method, path, query and body: a dump cannot confirm a guessed license key or password. */
  requestHash: string;
};

/** An answer as stored: status, headers (Set-Cookie included) and body. */
export type StoredAnswer = { status: number; headers: [string, string][]; body: string };

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
 * A keyed hash naming one idempotent request (its key within its scope), or null when the request
 * carries no usable key: lets a service recognise a retry of a request it began before a crash
 * (lib/checkout/resume.ts), without storing the key itself.
 */
export function requestKeyHash(request: Request, scope: string): string | null {
  const read = readIdempotencyKey(request);
  if (!read.ok || !read.key) return null;
  return hmacHex("idempotency_keys.request_key", `${scope}\n${read.key}`);
}

/** A public route's scope: the checkout whose client secret the path carries (keyed hash). */
export function clientSecretScope(clientSecret: string): string {
  return `client_secret:${hmacHex("idempotency_keys.scope.client_secret", clientSecret)}`;
}

/** A public license-key route's scope: the organization and a keyed hash of the license key. */
export function licenseKeyScope(body: { organization_id: string; key: string }): string {
  return `license_key:${body.organization_id}:${hmacHex("idempotency_keys.scope.license_key", body.key)}`;
}

/** The path with each parameter's segment written `{name}`. */
export function pathTemplate(pathname: string, params: Record<string, unknown>): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) if (typeof value === "string") names.set(value, name);
  return pathname
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape is no parameter value of ours: kept as sent.
      }
      const name = names.get(decoded);
      return name ? `{${name}}` : segment;
    })
    .join("/");
}

/**
 * Keys are per caller: a token's (or a dashboard session's) keys never meet another's. Public
 * routes name their caller (`scope`: the checkout of a client secret, the organization and license
 * key); without one, the route itself.
 */
export function describeIdempotentRequest(
  request: Request,
  key: string,
  caller: { principal: { kind: string; id: string } | null; scope?: string | null },
  params: Record<string, unknown>,
  bodyText: string,
): IdempotentRequest {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const path = pathTemplate(url.pathname, params);
  const scope = caller.principal
    ? `${caller.principal.kind}:${caller.principal.id}`
    : (caller.scope ?? `route:${path}`);
  return {
    scope,
    key,
    method,
    path,
    requestHash: hmacHex("idempotency_keys.request", `${method}\n${url.pathname}${url.search}\n${bodyText}`),
  };
}

/**
 * Runs `run` at most once per key: claims the key, then stores the answer, or replays the stored
 * one, or refuses with 409 while another request holds the key or when the key was used for a
 * different request. `run` gets a client whose interactive transactions also store the answer
 * `answerOf` makes of their result (null: not an answer, e.g. the first of several transactions).
 */
export async function withIdempotency(
  db: Db,
  request: IdempotentRequest,
  run: (db: Db) => Promise<Response>,
  answerOf: (result: unknown) => StoredAnswer | null = () => null,
): Promise<Response> {
  const outcome = await claim(db, request, new Date());
  if (outcome instanceof Response) return outcome;
  const heartbeat = startHeartbeat(db, outcome);
  let response: Response;
  try {
    response = await run(completingTransactions(db, outcome, answerOf));
  } catch (error) {
    heartbeat.stop();
    await release(db, outcome);
    throw error;
  }
  heartbeat.stop();
  return finish(db, outcome, response);
}

/**
 * Renews the claim's lease while its request runs. A renewal that fails (a cut connection) is
 * retried at the next beat; one that finds the claim taken over stops.
 */
function startHeartbeat(db: Db, claim: Claim): { stop: () => void } {
  let stopped = false;
  const beat = async () => {
    const { count } = await db.idempotencyKey.updateMany({
      where: { id: claim.id, status: "in_flight", created_at: claim.claimedAt },
      data: { lease_expires_at: new Date(Date.now() + CLAIM_LEASE_MS) },
    });
    if (!count) stop();
  };
  const timer = setInterval(() => {
    if (!stopped) beat().catch(() => undefined);
  }, CLAIM_HEARTBEAT_MS);
  // A request never keeps the process alive on its own account.
  timer.unref?.();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return { stop };
}

/**
 * The client a request runs with: `$transaction(fn)` writes the answer made of fn's result in the
 * same transaction, so a crash after the commit still leaves the answer for the retry. Everything
 * else is the client itself; services never know.
 */
function completingTransactions(
  db: Db,
  claim: Claim,
  answerOf: (result: unknown) => StoredAnswer | null,
): Db {
  const transaction = (arg: unknown, options?: unknown) => {
    if (typeof arg !== "function") return db.$transaction(arg as never, options as never);
    const fn = arg as (tx: Tx) => Promise<unknown>;
    return db.$transaction(async (tx) => {
      const result = await fn(tx);
      const answer = answerOf(result);
      if (answer) await complete(tx, claim, answer);
      return result;
    }, options as never);
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "$transaction") return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
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
    INSERT INTO idempotency_keys (id, created_at, expires_at, lease_expires_at, scope, key, method, path,
                                  request_hash)
    VALUES (${id}::uuid, ${ts(now)}::timestamp, ${ts(new Date(now.getTime() + TTL_MS))}::timestamp,
            ${ts(new Date(now.getTime() + CLAIM_LEASE_MS))}::timestamp,
            ${request.scope}, ${request.key}, ${request.method}, ${request.path}, ${request.requestHash})
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING id`;
  return rows.length ? { id, claimedAt: now } : null;
}

// A claim whose lease ran out was left by a dead request (its heartbeat stopped). The created_at
// condition lets only one of several retries take it over.
async function takeOver(db: Db, row: IdempotencyKey, now: Date): Promise<Claim> {
  const { count } = await db.idempotencyKey.updateMany({
    where: {
      id: row.id,
      status: "in_flight",
      created_at: row.created_at,
      OR: [{ lease_expires_at: null }, { lease_expires_at: { lte: now } }],
    },
    data: { created_at: now, lease_expires_at: new Date(now.getTime() + CLAIM_LEASE_MS) },
  });
  if (!count) throw inProgress();
  return { id: row.id, claimedAt: now };
}

function inProgress() {
  return new ApiError("ConflictError", "A request with this idempotency key is in progress.");
}

const answerContext = (rowId: string) => `idempotency_keys.response:${rowId}`;

function replay(row: IdempotencyKey): Response {
  const answer = row.response_ciphertext
    ? (JSON.parse(decrypt(row.response_ciphertext, answerContext(row.id))) as StoredAnswer)
    : { status: row.response_status ?? 200, headers: [], body: "" };
  const headers = new Headers();
  for (const [name, value] of answer.headers) headers.append(name, value);
  headers.set("Idempotent-Replayed", "true");
  return new Response(answer.body || null, { status: row.response_status ?? answer.status, headers });
}

async function finish(db: Db, claim: Claim, response: Response): Promise<Response> {
  const body = await response.text();
  if (isRetryable(response.status, body)) {
    await release(db, claim);
  } else {
    // Each Set-Cookie stays its own header (iteration yields them apart).
    await complete(db, claim, { status: response.status, headers: [...response.headers], body });
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
// that took it owns the row, and a late finish of the old one must not overwrite its answer. The
// final answer replaces one a transaction stored (the handler may have added headers since).
async function complete(db: Db | Tx, claim: Claim, answer: StoredAnswer) {
  await db.idempotencyKey.updateMany({
    where: { id: claim.id, created_at: claim.claimedAt },
    data: {
      status: "completed",
      response_status: answer.status,
      response_ciphertext: encrypt(JSON.stringify(answer), answerContext(claim.id)),
    },
  });
}

// Only an answer-less claim: a transaction of this request may have committed its answer already.
async function release(db: Db, claim: Claim) {
  await db.idempotencyKey.deleteMany({
    where: { id: claim.id, status: "in_flight", created_at: claim.claimedAt },
  });
}
