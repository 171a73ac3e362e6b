// Lingering close (./linger.ts): a body over the limit is answered with 413 before it arrives, and
// a client still writing it (Node's own fetch, undici) reads that answer instead of an EPIPE.
// The server runs in a child process, as in production: sharing the test's event loop, it never
// meets a client writing faster than it answers.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = path.join(root, "test/fixtures/app-server-process.ts");

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  child = spawn(process.execPath, ["--import", "tsx", fixture], {
    cwd: root,
    env: { ...process.env, PORT: "0", MAX_BODY_BYTES: String(1024 * 1024) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  url = await new Promise<string>((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`no server: ${out} ${err}`)), 30_000);
    child.stderr!.on("data", (chunk) => (err += chunk));
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const match = /listening:(\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
}, 40_000);

afterAll(() => {
  child?.kill();
});

const FIVE_MIB = 5 * 1024 * 1024;

describe("a body over the limit, answered before it arrives", () => {
  it("reaches Node's fetch as the JSON 413 every time, not as EPIPE", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const outcome = await fetch(`${url}/v1/products/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: Buffer.alloc(FIVE_MIB, 0x20),
      }).then(
        async (response) => `${response.status} ${await response.text()}`,
        (error: Error & { cause?: { code?: string } }) => `failed: ${error.cause?.code ?? error.message}`,
      );
      outcomes.push(outcome);
    }
    const expected = `413 ${JSON.stringify({
      error: "PayloadTooLarge",
      detail: "The request body should be at most 1048576 bytes.",
    })}`;
    expect(outcomes).toEqual(Array(10).fill(expected));
  });

  it("discards a bounded amount: a client sending on and on is cut", async () => {
    // Declares 1 GiB and keeps sending: the connection closes long before it is all sent.
    const started = Date.now();
    const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve) => {
      const { port, hostname } = new URL(url);
      const socket = net.connect(Number(port), hostname);
      let answer = "";
      let sent = 0;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!socket.destroyed && sent < 1024 * 1024 * 1024) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once("drain", pump);
        }
      };
      socket.on("connect", () => {
        socket.write(
          "POST /v1/products/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
            `Content-Length: ${1024 * 1024 * 1024}\r\n\r\n`,
        );
        pump();
      });
      socket.on("data", (data) => (answer += data));
      socket.on("error", () => {});
      socket.on("close", () => resolve({ status: Number(answer.split(" ")[1]), sent }));
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(256 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});
