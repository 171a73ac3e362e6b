// The pre-routing guard on a real node:http server (loopback, ephemeral port) that calls it for
// every request and otherwise answers a stub, as the app's server does before Next.js routes.
// Requests are written byte for byte on a socket: clients normalize what is tested here.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { answerClientError, answerConnect, rejectBeforeRouting } from "./pre-route";

let server: http.Server;
let port: number;
let stubbed = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (rejectBeforeRouting(req, res)) return;
    stubbed++;
    req.resume();
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("routed");
  });
  server.on("connect", answerConnect);
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type RawAnswer = { status: number; headers: Record<string, string>; body: string; ms: number };

/** Writes `head` (and nothing else), then reads until the server closes the connection. */
function exchange(head: string): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${JSON.stringify(head.slice(0, 60))}`));
    });
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [top = "", body = ""] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = top.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body, ms: Date.now() - started });
    });
  });
}

const request = (method: string, target: string, headers: string[] = []) =>
  exchange(
    `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join("")}\r\n`,
  );

function expectJsonError(answer: RawAnswer, status: number, error: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(JSON.parse(answer.body)).toEqual({ error, detail: expect.any(String) });
}

describe("rejectBeforeRouting", () => {
  it("answers methods no route implements with a JSON 405 and Allow", async () => {
    const before = stubbed;
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK", "CONNECT", "FOO"]) {
      const target = method === "CONNECT" ? "localhost:443" : "/v1/orders/";
      const answer = await request(method, target);
      expectJsonError(answer, 405, "MethodNotAllowed");
      expect(answer.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    }
    expect(stubbed).toBe(before);
  });

  it("answers malformed or NUL-carrying paths with a JSON 400, on the API and the pages alike", async () => {
    const before = stubbed;
    for (const target of [
      "/v1/orders/%FF",
      "/v1/nothing/%FF",
      "/v1/orders/%C0%80",
      "/v1/checkouts/custom/client/%E0%A4%A",
      "/v1/checkouts/custom/client/%00",
      "/checkout/%00",
      "/dashboard/%FF",
      "/v1/orders/%",
    ]) {
      const answer = await request("GET", target);
      expectJsonError(answer, 400, "BadRequest");
    }
    expect(stubbed).toBe(before);
  });

  it("answers a declared body over the limit with 413 at once, without waiting for it", async () => {
    const before = stubbed;
    const answer = await request("POST", "/v1/auth/sign-in", [
      "Content-Type: application/json",
      `Content-Length: ${100 * 1024 * 1024}`,
    ]);
    expectJsonError(answer, 413, "PayloadTooLarge");
    expect(answer.headers.connection).toBe("close");
    expect(answer.ms).toBeLessThan(2_000);
    expect(stubbed).toBe(before);
  });

  it("answers a request Node.js cannot parse with a JSON 400, oversized headers included", async () => {
    expectJsonError(
      await exchange("GET /v1/orders/ HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n"),
      400,
      "BadRequest",
    );
    // Headers past Node.js's limit (16 KiB), such as an endless X-Forwarded-For.
    const forwarded = Array.from({ length: 2_000 }, (_, i) => `10.0.${i % 250}.1`).join(", ");
    expectJsonError(
      await request("GET", "/v1/orders/", [`X-Forwarded-For: ${forwarded}`]),
      400,
      "BadRequest",
    );
  });

  describe("the benchmark's pages and routes (app/bench/)", () => {
    afterEach(() => vi.unstubAllEnvs());
    const benchPaths = [
      "/bench",
      "/bench/",
      "/bench/empty",
      "/bench/constant/x?y=1",
      "//bench/hydrated",
      "/%62ench/empty",
    ];

    it("are a JSON 404 in production, before routing", async () => {
      vi.stubEnv("NODE_ENV", "production");
      vi.stubEnv("BENCH_ROUTES", "");
      const before = stubbed;
      for (const target of benchPaths) expectJsonError(await request("GET", target), 404, "ResourceNotFound");
      expect(stubbed).toBe(before);
      expect((await request("GET", "/benchmarks")).status).toBe(200);
    });

    it("are served in development, and in production to the benchmark scripts (BENCH_ROUTES=1)", async () => {
      vi.stubEnv("NODE_ENV", "development");
      for (const target of benchPaths) expect((await request("GET", target)).status).toBe(200);
      vi.stubEnv("NODE_ENV", "production");
      vi.stubEnv("BENCH_ROUTES", "1");
      for (const target of benchPaths) expect((await request("GET", target)).status).toBe(200);
    });
  });

  it("lets everything else through to routing", async () => {
    const before = stubbed;
    for (const [method, target] of [
      ["GET", "/v1/orders/?query=%FF"],
      ["GET", "/v1/orders/%20"],
      ["GET", "/checkout/cs_%C3%A9"],
      ["HEAD", "/v1/orders/"],
      ["OPTIONS", "/v1/orders/"],
      ["DELETE", "/v1/organization-access-tokens/x"],
    ] as const) {
      expect((await request(method, target)).status).toBe(200);
    }
    const small = await request("POST", "/v1/auth/sign-in", [
      "Content-Type: application/json",
      "Content-Length: 0",
    ]);
    expect(small.status).toBe(200);
    expect(stubbed).toBe(before + 7);
  });
});
