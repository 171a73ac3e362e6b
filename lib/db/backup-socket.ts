// `npm run db:backup` while the server runs on the embedded database: the server holds the data
// folder (lib/db/folder-lock.ts), so the backup asks it for a dump through a Unix socket in the
// folder itself, `DATA_DIR/backup.sock` (mode 0600). Whoever can connect can already read the
// folder, secret and all, so the socket needs no other credential, and it is reachable from no
// network. The answer is one JSON line, `{"bytes": N}` or `{"error": "..."}`, then N bytes of
// PGlite's dump (a tar of its data folder, taken between statements with no transaction open).
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const BACKUP_SOCKET = "backup.sock";
/** The dump is held in memory on both sides: a bound against a runaway answer. */
const MAX_DUMP_BYTES = 4 * 1024 ** 3;
/** The dump is made before its first byte is sent: about 2 s per 50 MB of data folder, measured. */
const ANSWER_TIMEOUT_MS = 10 * 60_000;

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET);
}

/** Serves dumps on DATA_DIR/backup.sock; resolves with a function that stops serving. */
export async function serveBackups(dataDir: string, dump: () => Promise<Blob>): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // Left by a server that was killed: this process holds the folder lock, so no server uses it.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    dump()
      .then(async (blob) => {
        const bytes = Buffer.from(await blob.arrayBuffer());
        socket.write(`${JSON.stringify({ bytes: bytes.length })}\n`);
        socket.end(bytes);
      })
      .catch((error: Error) => {
        console.error("A backup through backup.sock failed:", error);
        socket.end(`${JSON.stringify({ error: error.message })}\n`);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/**
 * A dump from the server running on `dataDir`, or null when none answers on its socket (no server,
 * or one of a version without it). Throws when the server answers with an error.
 */
export function dumpThroughServer(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    // A server that never answers (stuck behind a transaction that never ends) must not hang the backup.
    socket.setTimeout(ANSWER_TIMEOUT_MS, () =>
      socket.destroy(new Error(`The running server sent nothing for ${ANSWER_TIMEOUT_MS / 60_000} minutes.`)),
    );
    const chunks: Buffer[] = [];
    let received = 0;
    socket.on("data", (chunk) => {
      received += chunk.length;
      if (received > MAX_DUMP_BYTES + 1024) socket.destroy(new Error("The server's dump is too large."));
      else chunks.push(chunk);
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (["ENOENT", "ECONNREFUSED", "ENOTSOCK"].includes(error.code ?? "")) resolve(null);
      else reject(error);
    });
    socket.on("end", () => {
      const answer = Buffer.concat(chunks);
      const newline = answer.indexOf(10);
      let header: { bytes?: number; error?: string } = {};
      try {
        header = JSON.parse(answer.subarray(0, newline).toString("utf8"));
      } catch {
        // reported below
      }
      const bytes = answer.subarray(newline + 1);
      if (header.error) reject(new Error(`The running server could not dump the database: ${header.error}`));
      else if (newline < 0 || header.bytes !== bytes.length)
        reject(new Error("The running server's answer on backup.sock was cut short."));
      else resolve(bytes);
    });
  });
}
