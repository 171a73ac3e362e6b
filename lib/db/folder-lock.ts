// An exclusive lock on the embedded database's folder. Two processes opening one PGlite folder do
// not fail: each silently keeps its own writes and the last to close wins. So a process must hold
// this lock for as long as it has the folder open.
//
// The lock is the kernel's, held on an open file descriptor of `app.lock` (an OFD fcntl lock on
// Linux, flock on macOS, LockFileEx on Windows; fs-native-extensions): the kernel grants it to one
// descriptor at a time and drops it when that descriptor is closed, including when its process
// dies, is a zombie, or runs in another container on the same kernel. No pid is ever checked and
// the file is never deleted (deleting it would let a newcomer lock a new file while the holder
// still locks the old one). The pid and host written into the file only explain a refusal.
import { tryLock } from "fs-native-extensions";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export class DatabaseFolderLockedError extends Error {
  constructor(
    dir: string,
    /** Who holds it, as far as its lock file tells: "pid 123 on host" or "its pid is unknown". */
    readonly holder: string,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (${holder}). ` +
        `Stop that process, or point DATA_DIR at another folder, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "DatabaseFolderLockedError";
  }
}

export const LOCK_FILE = "app.lock";

// What the holder wrote, for the message only: it may be stale, partial or unreadable (Windows
// locks are mandatory, so reading a locked file can fail there).
function describeHolder(lockPath: string): string {
  try {
    const holder = JSON.parse(fs.readFileSync(lockPath, "utf8")) as { pid?: unknown; host?: unknown };
    if (typeof holder.pid === "number" && typeof holder.host === "string")
      return `pid ${holder.pid} on ${holder.host}`;
  } catch {
    // fall through
  }
  return "its pid is unknown";
}

/**
 * Takes the lock or throws DatabaseFolderLockedError; returns a function that releases it. The
 * lock lives as long as its file descriptor, so nothing may close that descriptor but the release.
 */
export function lockDatabaseFolder(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, LOCK_FILE);
  // Read-write (an exclusive lock needs a writable descriptor), created if missing, not truncated:
  // the holder's details stay readable for a refused process.
  const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  let locked: boolean;
  try {
    locked = tryLock(fd);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  if (!locked) {
    fs.closeSync(fd);
    throw new DatabaseFolderLockedError(dir, describeHolder(lockPath));
  }
  const details = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, details, 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      fs.ftruncateSync(fd, 0);
    } finally {
      fs.closeSync(fd); // releases the lock
    }
  };
}
