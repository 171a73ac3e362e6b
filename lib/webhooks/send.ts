// One HTTP attempt of a webhook: POST the body to the endpoint's URL and report what happened,
// never throwing. The host is resolved and checked first (./address-guard.ts) and the connection
// goes to that checked address (`lookup` below answers with it), the whole attempt (DNS included)
// is bounded by one timeout, redirects are not followed (a 3xx is a failure like any non-2xx),
// and at most the first kilobyte of the answer is read, then the connection is dropped.
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { performance } from "node:perf_hooks";
import { AddressNotAllowedError, resolveDeliveryAddress, type LookupAll } from "./address-guard";

export const DEFAULT_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_BYTES = 1024;
export const USER_AGENT = "digital-sales-backend-webhooks/1.0";

export type SendInput = {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
  allowPrivate: boolean;
  /** Tests resolve names their own way. */
  lookup?: LookupAll;
};

export type SendResult = {
  succeeded: boolean;
  httpStatus: number | null;
  error: string | null;
  responseExcerpt: string | null;
  durationMs: number;
};

class TimeoutError extends Error {}

/** The first bytes of a body as text: a character cut in half at the end is dropped, NULs replaced. */
export function excerptOf(bytes: Buffer): string {
  const text = new TextDecoder("utf-8").decode(bytes.subarray(0, RESPONSE_EXCERPT_BYTES), { stream: true });
  // PostgreSQL text cannot hold NUL.
  return text.replaceAll("\u0000", "\uFFFD");
}

function describeFailure(error: unknown, host: string, timeoutMs: number): string {
  if (error instanceof AddressNotAllowedError) return error.message;
  if (error instanceof TimeoutError) return `Timed out after ${timeoutMs} ms`;
  const code = (error as { code?: unknown })?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `Cannot resolve ${host} (${String(code)})`;
  const message = error instanceof Error ? error.message : String(error);
  return `Connection failed: ${typeof code === "string" ? code : message}`.slice(0, 500);
}

/** Rejects with a TimeoutError once `ms` have passed, unless `work` settled first. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), Math.max(0, ms));
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

type Answer = { status: number; excerpt: string };

function post(
  url: URL,
  target: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
    const client = url.protocol === "https:" ? https : http;
    const request = client.request({
      method: "POST",
      protocol: url.protocol,
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      // A connection of its own, closed after the answer: nothing pooled outlives the check.
      agent: false,
      // The checked address, whatever the name resolves to now (DNS rebinding).
      lookup: ((_name: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
        else callback(null, target.address, target.family);
      }) as unknown as typeof import("node:dns").lookup,
      ...(url.protocol === "https:" && !isIP(hostname) ? { servername: hostname } : {}),
    });
    const timer = setTimeout(() => request.destroy(new TimeoutError()), Math.max(0, timeoutMs));
    const settle = (outcome: { answer?: Answer; error?: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome.answer) resolve(outcome.answer);
      else reject(outcome.error);
    };
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        settle({ answer: { status: response.statusCode ?? 0, excerpt: excerptOf(Buffer.concat(chunks)) } });
        // Stop reading: the rest of the body is not needed.
        response.destroy();
        request.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_EXCERPT_BYTES) done();
      });
      response.on("end", done);
      // The status is known: a body cut short (or too slow) does not change the outcome.
      response.on("error", done);
      response.on("close", done);
    });
    request.on("error", (error) => settle({ error }));
    request.end(body);
  });
}

export async function sendWebhook(input: SendInput): Promise<SendResult> {
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(input.url);
  try {
    const target = await withDeadline(
      resolveDeliveryAddress(url.hostname, { allowPrivate: input.allowPrivate, lookup: input.lookup }),
      timeoutMs,
    );
    const answer = await post(url, target, input.headers, input.body, timeoutMs - elapsed());
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      succeeded: ok,
      httpStatus: answer.status,
      error: ok
        ? null
        : answer.status >= 300 && answer.status < 400
          ? `Redirect not followed (HTTP ${answer.status})`
          : `HTTP ${answer.status}`,
      responseExcerpt: answer.excerpt,
      durationMs: elapsed(),
    };
  } catch (error) {
    return {
      succeeded: false,
      httpStatus: null,
      error: describeFailure(error, url.hostname, timeoutMs),
      responseExcerpt: null,
      durationMs: elapsed(),
    };
  }
}
