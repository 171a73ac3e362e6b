// Receiving an upload without holding it in memory: the multipart/form-data body is parsed as it
// arrives (busboy, as shipped with Next.js), and each file part is written to a temporary file
// while its SHA-256 and MD5 are computed and its first bytes kept for sniffing, so a 10 MiB upload
// costs the process a few 64 KiB buffers instead of several copies of the file. The whole body is
// counted against the route's limit: past it, what is left is discarded within bounds and the
// request is 413. Every temporary file is removed here on failure, else by the upload's `release()`
// (./upload-body.ts, called once the request is answered, whatever happened); one a crash left
// behind is garbage in a folder no storage key can name (lib/files/storage.ts `incomingDirectory`).
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import { Transform, type Readable } from "node:stream";
import busboy from "next/dist/compiled/busboy";
import { ReceivedFile } from "../files/received-file";
import { sniffImageType } from "../files/sniff";
import { discardRest, payloadTooLarge } from "./request-body";

/** Bytes kept from the start of each file, for sniffing its type. */
const SNIFF_BYTES = 32;

export type ReceivedForm = {
  /** The form's fields and files (a repeated name becomes an array). */
  value: Record<string, unknown>;
  files: ReceivedFile[];
};

export class MalformedFormError extends Error {}

/** Writes one file part to a new temporary file, hashing and sniffing it on the way. */
async function receiveFile(
  stream: Readable,
  directory: string,
  info: { filename: string | undefined; mimeType: string },
  created: string[],
): Promise<ReceivedFile> {
  const target = path.join(directory, `${Date.now()}-${randomBytes(8).toString("hex")}.upload`);
  created.push(target);
  const sha256 = createHash("sha256");
  const md5 = createHash("md5");
  let head = Buffer.alloc(0);
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sha256.update(chunk);
      md5.update(chunk);
      size += chunk.byteLength;
      if (head.length < SNIFF_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  // Opened before the pipeline, not by the write stream: a stream destroyed while still opening
  // creates its file after the failure's clean-up has already looked for it. Meanwhile the part's
  // errors (a form cut off) wait for the pipeline, which finds the stream failed and rejects.
  stream.on("error", () => {});
  const handle = await fs.promises.open(target, "wx", 0o600);
  await pipeline(stream, tap, handle.createWriteStream());
  return new ReceivedFile(
    target,
    info.filename ?? "",
    info.mimeType,
    size,
    sha256.digest(),
    md5.digest("hex"),
    sniffImageType(head),
  );
}

function collect(value: Record<string, unknown>, name: string, item: unknown): void {
  const existing = value[name];
  if (existing === undefined) value[name] = item;
  else if (Array.isArray(existing)) existing.push(item);
  else value[name] = [existing, item];
}

/**
 * Parses a multipart/form-data body of at most `maxBytes` into fields and files on disk under
 * `directory`. Throws 413 past the limit, MalformedFormError for a body that is not a form; in
 * both cases (and any other failure) every file it wrote is removed before it throws.
 */
export async function receiveMultipart(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  options: { maxBytes: number; directory: string },
): Promise<ReceivedForm> {
  const value: Record<string, unknown> = {};
  const files: ReceivedFile[] = [];
  const created: string[] = [];
  const writes: Promise<void>[] = [];
  let parser: ReturnType<typeof busboy>;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // The client's file name as sent (lib/files/names.ts keeps its last segment).
      preservePath: true,
      defParamCharset: "utf8",
      limits: { fieldSize: 64 * 1024, fields: 50, parts: 100 },
    });
  } catch {
    throw new MalformedFormError();
  }
  await fs.promises.mkdir(options.directory, { recursive: true });
  // The body is not a form (the parser failed), or a file could not be written (the disk).
  let malformed: Error | null = null;
  let writeFailure: Error | null = null;
  parser.on("error", (error) => (malformed ??= error));
  parser.on("field", (name, text) => collect(value, name, text));
  parser.on("file", (name, stream, info) => {
    const write = receiveFile(stream, options.directory, info, created).then((file) => {
      files.push(file);
      collect(value, name, file);
    });
    writes.push(
      write.catch((error: Error) => {
        writeFailure ??= error;
        stream.resume();
      }),
    );
  });
  const closed = once(parser, "close").catch(() => {});

  const reader = body?.getReader();
  try {
    let total = 0;
    while (!malformed && !writeFailure) {
      const next = reader ? await reader.read() : { done: true as const, value: undefined };
      if (next.done) break;
      total += next.value.byteLength;
      if (total > options.maxBytes) {
        await discardRest(reader!);
        throw payloadTooLarge(options.maxBytes);
      }
      // A parser that fails while full never drains: its error ends the wait (and the loop).
      if (!parser.write(next.value)) await Promise.race([once(parser, "drain").catch(() => {}), closed]);
    }
    if (malformed || writeFailure) parser.destroy();
    else parser.end();
    await closed;
    await Promise.all(writes);
    // A form cut off mid-file fails its file's write too: the form is what is wrong.
    if (malformed) throw new MalformedFormError((malformed as Error).message);
    if (writeFailure) throw writeFailure;
    return { value, files };
  } catch (error) {
    parser.destroy();
    // What is left of the body is read and thrown away (within bounds) rather than cut, so that
    // the client reads the answer (lib/http/linger.ts).
    if (reader) await discardRest(reader);
    await Promise.all(writes);
    await removeFiles(created);
    throw error;
  }
}

/** Removes temporary files; a missing one is not an error. */
export async function removeFiles(paths: string[]): Promise<void> {
  await Promise.all(paths.map((file) => fs.promises.rm(file, { force: true })));
}
