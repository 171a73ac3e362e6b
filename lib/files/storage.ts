// Where uploaded files' bytes live, behind a small interface (put, get, delete by key) so that an
// S3-compatible store can replace the local disk later. Keys come from the Media row (`path`,
// `<organization id>/<media id>`), never from a URL or a client's file name.
//
// The local implementation keeps files under FILES_DIR, else DATA_DIR/files (a throwaway temporary
// folder when DATA_DIR is `memory://…`, as in tests). A file is written to a temporary name,
// flushed, and renamed into place, so a reader (or a crash) never sees half a file. The uploader
// writes the file before the Media row: a crash in between leaves a file no row points at, which
// is harmless garbage (never served: files are found through their row).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";

export type StoredFile = { body: ReadableStream<Uint8Array>; size: number };

export interface FileStorage {
  /** Stores the bytes under the key, whole or not at all. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Stores a received upload (lib/api/multipart.ts) under the key, whole or not at all, moving
   * the temporary file rather than reading it into memory.
   */
  putFile(key: string, temporaryPath: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

// Segments of letters, digits, dots, dashes and underscores, none starting with a dot: no `..`,
// no absolute path, no hidden file, whatever a caller passes.
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(/*turbopackIgnore: true*/ root);
  }

  private pathOf(key: string): string {
    const full = path.resolve(/*turbopackIgnore: true*/ this.root, key);
    if (!KEY_PATTERN.test(key) || !full.startsWith(this.root + path.sep))
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return full;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const full = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    const temporary = `${full}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      const handle = await fs.promises.open(temporary, "wx", 0o644);
      try {
        await handle.writeFile(bytes);
      } finally {
        await handle.close();
      }
      await this.moveIntoPlace(temporary, full);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async putFile(key: string, temporaryPath: string): Promise<void> {
    const full = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    await fs.promises.chmod(temporaryPath, 0o644);
    await this.moveIntoPlace(temporaryPath, full);
  }

  /** Flushes the file, renames it into place, and makes the rename itself durable. */
  private async moveIntoPlace(temporary: string, full: string): Promise<void> {
    const handle = await fs.promises.open(temporary, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temporary, full);
    // The rename itself made durable before the caller records the file in the database.
    const folder = await fs.promises.open(path.dirname(full), "r");
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(key), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      // The stream closes the handle when it ends or is cancelled.
      const stream = fs.createReadStream("", { fd: handle, autoClose: true });
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}

let temporaryRoot: string | null = null;

/** The folder of uploaded files: FILES_DIR, else DATA_DIR/files (a temporary one for memory://). */
export function filesDirectory(env: Record<string, string | undefined> = process.env): string {
  if (env.FILES_DIR) return path.resolve(/*turbopackIgnore: true*/ env.FILES_DIR);
  const dataDir = env.DATA_DIR ?? ".data";
  if (dataDir.startsWith("memory://")) {
    // A throwaway database: its files need not outlive the process either.
    temporaryRoot ??= fs.mkdtempSync(path.join(os.tmpdir(), "dsb-files-"));
    return temporaryRoot;
  }
  return path.join(path.resolve(/*turbopackIgnore: true*/ dataDir), "files");
}

/**
 * Where uploads are received before they are stored: a folder inside the files folder (so a
 * stored file is a rename away), whose name starts with a dot, which no storage key can
 * (KEY_PATTERN): nothing received is ever served.
 */
export function incomingDirectory(env: Record<string, string | undefined> = process.env): string {
  return path.join(filesDirectory(env), ".incoming");
}

/** A received upload is never this old unless a crash left it behind. */
const STALE_INCOMING_MS = 60 * 60_000;

/**
 * Removes what a crash left in the folder uploads are received in (a request answered removes its
 * own files): files last written over an hour before `now`. Returns how many went.
 */
export async function removeStaleIncoming(now: Date, directory = incomingDirectory()): Promise<number> {
  let entries: string[];
  try {
    entries = await fs.promises.readdir(/*turbopackIgnore: true*/ directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    const file = path.join(directory, entry);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile() || now.getTime() - stat.mtimeMs < STALE_INCOMING_MS) continue;
    await fs.promises.rm(file, { force: true });
    removed++;
  }
  return removed;
}

/** The storage uploads go to, read from the environment on each use. */
export function fileStorage(): FileStorage {
  return new LocalDiskStorage(filesDirectory());
}
