// An image's width and height, read from its header bytes alone (nothing is decoded): PNG's IHDR,
// JPEG's start-of-frame segment, GIF's logical screen, WebP's VP8, VP8L or VP8X header. The bytes
// come from a reader at an offset, so a JPEG whose frame header sits after large metadata segments
// is walked segment by segment, never read whole.
import type { ImageType } from "./sniff";

export type Dimensions = { width: number; height: number };

/** Reads up to `length` bytes at `offset` (fewer at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

// A JPEG with more segments than this before its frame is not a product image.
const MAX_JPEG_SEGMENTS = 1000;

function png(head: Buffer): Dimensions | null {
  // Signature (8), IHDR's length (4) and type (4), then width and height (big-endian).
  if (head.length < 24 || head.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

function gif(head: Buffer): Dimensions | null {
  if (head.length < 10) return null;
  return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
}

function webp(head: Buffer): Dimensions | null {
  if (head.length < 16) return null;
  const chunk = head.toString("latin1", 12, 16);
  if (chunk === "VP8X") {
    if (head.length < 30) return null;
    // Canvas width and height minus one, 24-bit little-endian.
    return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
  }
  if (chunk === "VP8L") {
    if (head.length < 25 || head[20] !== 0x2f) return null;
    const bits = head.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 ") {
    // A key frame's start code, then 14-bit width and height.
    if (head.length < 30 || head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return null;
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

// Start-of-frame markers: C0-CF except C4 (Huffman tables), C8 (reserved) and CC (arithmetic).
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

async function jpeg(readAt: ReadAt): Promise<Dimensions | null> {
  let offset = 2;
  for (let segments = 0; segments < MAX_JPEG_SEGMENTS; segments++) {
    const header = await readAt(offset, 9);
    if (header.length < 4 || header[0] !== 0xff) return null;
    const marker = header[1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length: TEM and RST0-7; SOS/EOI before a frame: no frame at all.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    if (isStartOfFrame(marker)) {
      if (header.length < 9) return null;
      return { width: header.readUInt16BE(7), height: header.readUInt16BE(5) };
    }
    const length = header.readUInt16BE(2);
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/** The image's dimensions, or null when its header cannot be read (a truncated or broken file). */
export async function imageDimensions(readAt: ReadAt, type: ImageType): Promise<Dimensions | null> {
  switch (type.mimeType) {
    case "image/png":
      return png(await readAt(0, 24));
    case "image/gif":
      return gif(await readAt(0, 10));
    case "image/webp":
      return webp(await readAt(0, 30));
    case "image/jpeg":
      return jpeg(readAt);
    default:
      return null;
  }
}

/** A reader over bytes in memory (tests, small images). */
export function readFromBytes(bytes: Uint8Array): ReadAt {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return async (offset, length) => buffer.subarray(offset, offset + length);
}
