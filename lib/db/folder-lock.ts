// An exclusive lock on the embedded database's folder. Two processes opening one PGlite folder do
// not fail: each silently keeps its own writes and the last to close wins. So the first process
// writes its pid into a lock file and every other process is refused until it exits.
import fs from "node:fs";
import path from "node:path";

export class DatabaseFolderLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
        `Stop that process, or point DATA_DIR at another folder, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "DatabaseFolderLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock or throws DatabaseFolderLockedError; returns a function that releases it. */
export function lockDatabaseFolder(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "app.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (pid === process.pid) return () => {};
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DatabaseFolderLockedError(dir, pid);
      fs.rmSync(lockPath, { force: true }); // left behind by a process that died: take it over
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
