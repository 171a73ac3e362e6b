// Server memory under concurrent uploads (issue 28, item 14): the upload route (the real handler,
// app/v1/files/route.ts) behind the app's HTTP server in a process of its own on an embedded
// database, and N concurrent uploads of a 10 MiB image from this process. Prints the server's RSS
// before, at its peak, and 5 s after the burst, with the answers' statuses.
//   npx tsx scripts/bench/upload-memory.ts [uploads=40]
// UPLOAD_CONCURRENCY / UPLOAD_CONCURRENCY_PER_CALLER are passed through to the server (raise them
// to 40 to compare with a server that has no caps). Port: UPLOAD_BENCH_PORT (default 3251).
// Against a running app server instead (`npm start`): UPLOAD_BENCH_URL, UPLOAD_BENCH_TOKEN (a
// files:write token) and UPLOAD_BENCH_PID (the server's process, for its RSS).
import { spawn } from "node:child_process";
import fs from "node:fs";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";

const MIB = 1024 * 1024;
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

async function serve(): Promise<void> {
  const { getDb } = await import("../../lib/db/client");
  const { createOrganization, createToken } = await import("../../lib/factories");
  const { listenAppServer } = await import("../../lib/server/http-server");
  const { POST } = await import("../../app/v1/files/route");
  const db = await getDb();
  const organization = await createOrganization(db);
  const { token } = await createToken(db, organization.id);
  const port = Number(process.env.UPLOAD_BENCH_PORT ?? 3251);
  await listenAppServer({
    hostname: "127.0.0.1",
    port,
    // What Next.js does for a route handler: the request as a fetch Request over the socket.
    handle: async (req, res) => {
      const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
        duplex: "half",
      } as RequestInit);
      const response = await POST(request, { params: Promise.resolve({}) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    },
  });
  console.log(`ready ${port} ${token}`);
}

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** A server started elsewhere, or one started here around the upload route alone. */
async function target(): Promise<{ url: string; token: string; pid: number; stop: () => void }> {
  if (process.env.UPLOAD_BENCH_URL) {
    return {
      url: process.env.UPLOAD_BENCH_URL,
      token: process.env.UPLOAD_BENCH_TOKEN ?? "",
      pid: Number(process.env.UPLOAD_BENCH_PID),
      stop: () => {},
    };
  }
  const child = spawn(process.execPath, ["--import", "tsx", import.meta.filename, "serve"], {
    env: {
      ...process.env,
      DATA_DIR: "memory://upload-bench",
      FILES_DIR: fs.mkdtempSync("/tmp/upload-bench-"),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = await new Promise<string>((resolve) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const line = /ready (\d+) (\S+)/.exec(out);
      if (line) resolve(line[0]);
    });
  });
  const [, port, token] = ready.split(" ");
  return { url: `http://127.0.0.1:${port}`, token: token!, pid: child.pid!, stop: () => child.kill() };
}

async function measure(uploads: number): Promise<void> {
  const { url, token, pid, stop } = await target();
  await sleep(2000);
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 50);
  const image = Buffer.alloc(10 * MIB);
  PNG_1X1.copy(image);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: uploads }, async (_, i) => {
      const form = new FormData();
      form.append("file", new Blob([image], { type: "image/png" }), `image-${i}.png`);
      const response = await fetch(`${url}/v1/files/`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }).catch((error: Error) => ({ status: `error ${error.message}` }));
      return response.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await sleep(5000);
  clearInterval(sampler);
  const after = rssMiB(pid);
  stop();
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  console.log(
    JSON.stringify({
      uploads,
      statuses: counts,
      seconds: Number(seconds.toFixed(1)),
      rssMiB: { before: Math.round(before), peak: Math.round(peak), after5s: Math.round(after) },
    }),
  );
}

if (process.argv[2] === "serve") await serve();
else await measure(Number(process.argv[2] ?? 40));
