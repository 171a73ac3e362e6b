// An uploaded file as the upload route received it (lib/api/multipart.ts): on disk in a temporary
// file until the request is answered, with its size, checksums and the type its first bytes are.
// The upload service (./manage.ts) checks it and moves it into storage.
import fs from "node:fs";
import type { ImageType } from "./sniff";

/** A file part of an upload, on disk until the request is answered. */
export class ReceivedFile {
  constructor(
    /** The temporary file holding the bytes. */
    readonly path: string,
    /** The part's file name, as the client sent it. */
    readonly name: string,
    /** The part's declared Content-Type (never trusted: `type` is read from the bytes). */
    readonly declaredType: string,
    readonly size: number,
    readonly sha256: Buffer,
    readonly md5Hex: string,
    /** The image type its first bytes are, or null. */
    readonly type: ImageType | null,
  ) {}

  /** Reads up to `length` bytes at `offset` (for the image's header). */
  async readAt(offset: number, length: number): Promise<Buffer> {
    const handle = await fs.promises.open(this.path, "r");
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }
}
