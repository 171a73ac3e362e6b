// The app's HTTP server around a handler: the guard runs before the handler, and a graceful stop
// lets a request in flight finish, refuses new connections, and cuts what outlives the grace.
import { afterEach, describe, expect, it, vi } from "vitest";
import { listenAppServer, type AppHttpServer } from "./http-server";
import * as preRoute from "./pre-route";
import * as peer from "../http/peer";

let server: AppHttpServer | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close(0);
  server = null;
});

describe("listenAppServer", () => {
  it("stamps the peer and asks the pre-routing guard before the handler, which a refusal never reaches", async () => {
    const calls: string[] = [];
    vi.spyOn(peer, "stampPeerAddress").mockImplementation(() => void calls.push("stamp"));
    vi.spyOn(preRoute, "rejectBeforeRouting").mockImplementation((req, res) => {
      calls.push("guard");
      if (!req.url?.startsWith("/refused")) return false;
      res.writeHead(400, { "content-type": "application/json" }).end('{"error":"BadRequest"}');
      return true;
    });
    server = await listenAppServer({
      hostname: "127.0.0.1",
      port: 0,
      handle: (_req, res) => {
        calls.push("handler");
        res.end("ok");
      },
    });
    const ok = await fetch(`${server.url}/fine`);
    expect([ok.status, await ok.text()]).toEqual([200, "ok"]);
    expect(calls).toEqual(["stamp", "guard", "handler"]);
    calls.length = 0;
    const refused = await fetch(`${server.url}/refused`);
    expect([refused.status, await refused.json()]).toEqual([400, { error: "BadRequest" }]);
    expect(calls).toEqual(["stamp", "guard"]);
  });

  it("lets a request in flight finish, then refuses new connections", async () => {
    let started!: () => void;
    const handling = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    server = await listenAppServer({
      hostname: "127.0.0.1",
      port: 0,
      handle: async (_req, res) => {
        started();
        await finishing;
        res.end("finished");
      },
    });
    const { url } = server;
    const inFlight = fetch(`${url}/slow`).then(async (r) => [r.status, await r.text()]);
    await handling;
    // The stop begins while the request is in flight; the request then finishes within the grace.
    const closing = server.close(5000);
    finish();
    await closing;
    server = null;
    expect(await inFlight).toEqual([200, "finished"]);
    await expect(fetch(`${url}/after`)).rejects.toThrow();
  });

  it("cuts a request that outlives the grace period", async () => {
    let started!: () => void;
    const handling = new Promise<void>((resolve) => (started = resolve));
    server = await listenAppServer({
      hostname: "127.0.0.1",
      port: 0,
      handle: async (_req, res) => {
        started();
        await new Promise(() => {}); // never answers
        res.end("too late");
      },
    });
    const inFlight = fetch(`${server.url}/stuck`).then(
      () => "answered",
      () => "cut",
    );
    await handling;
    const closing = Date.now();
    await server.close(200);
    server = null;
    expect(Date.now() - closing).toBeLessThan(2000);
    expect(await inFlight).toBe("cut");
  });
});
