// The HTTP side of the Stripe fake (node:http on 127.0.0.1): authentication by API key, the
// simulated outages of failNext(), idempotency, routing, and Stripe's error answers.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FakeStripeError, invalidRequest, type StripeErrorBody } from "./errors";
import { canonicalParams, parseForm, type Params } from "./form";
import { previousAnswer, remember, type Answer } from "./idempotency";
import { checkClientSecret, findRoute } from "./routes";
import { newId, type AccountState, type FakeState } from "./state";

const MAX_BODY_BYTES = 1024 * 1024;

export type FakeServer = { url: string; port: number; close(): Promise<void> };

type Caller = { store: AccountState; keyKind: "secret" | "publishable" };

function authenticate(fake: FakeState, header: string | undefined): Caller | null {
  const key = /^Bearer (\S+)$/.exec(header ?? "")?.[1];
  if (!key) return null;
  for (const store of fake.accounts.values()) {
    if (store.account.secretKey === key) return { store, keyKind: "secret" };
    if (store.account.publishableKey === key) return { store, keyKind: "publishable" };
  }
  return null;
}

function maskedKey(header: string | undefined): string {
  const key = /^Bearer (\S+)$/.exec(header ?? "")?.[1] ?? "";
  return key.length > 8
    ? `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : key;
}

function errorAnswer(status: number, body: StripeErrorBody): Answer {
  return { status, body: { error: body } };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalidRequest("Request body too large.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, answer: Answer, headers: Record<string, string>): void {
  const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    "Content-Type": "application/json",
    "Access-Control-Allow-Origin": "*",
    ...headers,
  });
  response.end(text);
}

/** Answers one request; what it changes happens synchronously, so requests never interleave. */
export async function handleRequest(
  fake: FakeState,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = request.method ?? "GET";
  if (method === "OPTIONS") {
    // Stripe.js-like pages on another origin call the test helpers with a publishable key.
    response.writeHead(204, {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": "GET, POST",
      "Access-Control-Allow-Headers": "Authorization, Content-Type, Idempotency-Key, Stripe-Version",
    });
    response.end();
    return;
  }
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const path = url.pathname;
  const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
  const requestId = newId("req", 14);
  const headers: Record<string, string> = { "Request-Id": requestId };
  const caller = authenticate(fake, request.headers.authorization);
  fake.requests.push({ method, path, idempotencyKey, accountId: caller?.store.account.id ?? null });

  if (!path.startsWith("/v1/test_helpers/")) {
    const failure = fake.pendingFailures.shift();
    if (failure?.status === "network") {
      request.socket.destroy();
      return;
    }
    if (failure) {
      return send(
        response,
        errorAnswer(500, { type: "api_error", message: "An unknown error occurred" }),
        headers,
      );
    }
  }

  let answer: Answer;
  try {
    const text = method === "POST" ? await readBody(request) : url.search.slice(1);
    answer = dispatch(
      fake,
      { method, path, text, caller, idempotencyKey, requestId, authorization: request.headers.authorization },
      headers,
    );
  } catch (error) {
    if (!(error instanceof FakeStripeError)) throw error;
    answer = errorAnswer(error.status, error.body);
  }
  send(response, answer, headers);
}

type Incoming = {
  method: string;
  path: string;
  text: string;
  caller: Caller | null;
  idempotencyKey: string | null;
  requestId: string;
  authorization: string | undefined;
};

function dispatch(fake: FakeState, incoming: Incoming, headers: Record<string, string>): Answer {
  const { method, path, caller, idempotencyKey } = incoming;
  if (!caller) {
    const key = maskedKey(incoming.authorization);
    return errorAnswer(401, {
      type: "invalid_request_error",
      message: key ? `Invalid API Key provided: ${key}` : "You did not provide an API key.",
    });
  }
  const found = findRoute(method, path);
  if (!found) {
    return errorAnswer(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }
  const params: Params = parseForm(incoming.text);
  const ctx = { fake, store: caller.store, cause: { requestId: incoming.requestId, idempotencyKey } };
  if (caller.keyKind === "publishable" && found.route.keys !== "any") {
    if (found.route.keys !== "client_secret") {
      return errorAnswer(401, {
        type: "invalid_request_error",
        message: "This API call cannot be made with a publishable API key. Please use a secret API key.",
      });
    }
    checkClientSecret(ctx, found.id, params);
  }
  const fingerprint = { method, path, params: canonicalParams(params) };
  if (method === "POST" && idempotencyKey) {
    const previous = previousAnswer(caller.store, idempotencyKey, fingerprint);
    if (previous) {
      headers["Idempotent-Replayed"] = "true";
      return { status: previous.status, body: previous.body };
    }
  }
  let answer: Answer;
  try {
    answer = { status: 200, body: JSON.stringify(found.route.handle(ctx, found.id, params)) };
  } catch (error) {
    if (!(error instanceof FakeStripeError)) throw error;
    answer = { status: error.status, body: JSON.stringify({ error: error.body }) };
  }
  if (method === "POST" && idempotencyKey) remember(caller.store, idempotencyKey, fingerprint, answer);
  return answer;
}

export function listen(fake: FakeState, port: number): Promise<FakeServer> {
  const server = createServer((request, response) => {
    handleRequest(fake, request, response).catch((error: unknown) => {
      // A bug of the fake: answer 500 with the message so the failing test says what happened.
      if (!response.headersSent) {
        send(response, errorAnswer(500, { type: "api_error", message: `Stripe fake: ${String(error)}` }), {});
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        port: address.port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.closeAllConnections();
            server.close((error) => (error ? fail(error) : done()));
          }),
      });
    });
  });
}
