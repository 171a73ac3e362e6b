// Debug only: a closed-loop load (like autocannon's) that also counts what autocannon leaves out:
// a request still waiting when the run ends (a connection the server has not accepted yet) is
// waited for and counted, and each connection's first request is reported on its own.
//   node scripts/bench/connection-tail.mjs <url> [seconds=10] [connections=50] [authorization]
// Prints one JSON line: requests, rps, p50/p99/max (ms) of every request, the mean Little's law
// allows (connections ÷ rps), the slowest first request of a connection, and how many connections
// got no answer within the run. docs/embedded-tail.md explains the numbers.
import http from "node:http";
import console from "node:console";
import process from "node:process";
import { URL } from "node:url";

const [url, seconds = "10", connections = "50", authorization] = process.argv.slice(2);
if (!url) throw new Error("usage: connection-tail.mjs <url> [seconds] [connections] [authorization]");
const target = new URL(url);
const end = Date.now() + Number(seconds) * 1000;
const latencies = [];
const firstRequests = [];
let unansweredInRun = 0;

function request(agent) {
  return new Promise((resolve) => {
    const started = Date.now();
    const done = () => {
      latencies.push(Date.now() - started);
      resolve(started);
    };
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        agent,
        headers: authorization ? { authorization } : {},
      },
      (res) => res.resume().on("end", done),
    );
    req.on("error", done);
    req.end();
  });
}

async function connection() {
  // One socket per connection, kept alive, as autocannon does.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const opened = Date.now();
  await request(agent);
  firstRequests.push(Date.now() - opened);
  if (Date.now() > end) unansweredInRun++;
  while (Date.now() < end) await request(agent);
  agent.destroy();
}

await Promise.all(Array.from({ length: Number(connections) }, connection));
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
const rps = latencies.length / Number(seconds);
console.log(
  JSON.stringify({
    requests: latencies.length,
    rps: Math.round(rps),
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1),
    littleMean: Math.round((Number(connections) / rps) * 1000),
    slowestFirstRequest: Math.max(...firstRequests),
    connectionsUnansweredInRun: unansweredInRun,
  }),
);
