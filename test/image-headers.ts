// Image files that are only a valid header declaring given dimensions (nothing is decoded on
// upload: lib/files/dimensions.ts reads the header), for the pixel-limit tests.

function pngHeader(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write("IHDR", 12, "latin1");
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.set([8, 6, 0, 0, 0], 24);
  return new Uint8Array(bytes);
}

/** A JPEG whose frame header comes after `metadataBytes` of APP1 (Exif) segments. */
function jpegHeader(width: number, height: number, metadataBytes = 0): Uint8Array {
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8])];
  for (let left = metadataBytes; left > 0; left -= 65533) {
    const length = Math.min(left, 65533);
    const segment = Buffer.alloc(4 + length);
    segment.set([0xff, 0xe1]);
    segment.writeUInt16BE(length + 2, 2);
    parts.push(segment);
  }
  const frame = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  parts.push(frame, Buffer.from([0xff, 0xd9]));
  return new Uint8Array(Buffer.concat(parts));
}

function gifHeader(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(14);
  bytes.write("GIF89a", 0, "latin1");
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  bytes[13] = 0x3b;
  return new Uint8Array(bytes);
}

function riff(chunk: string, payload: Buffer): Uint8Array {
  const bytes = Buffer.alloc(20 + payload.length);
  bytes.write("RIFF", 0, "latin1");
  bytes.writeUInt32LE(12 + payload.length, 4);
  bytes.write("WEBP", 8, "latin1");
  bytes.write(chunk, 12, "latin1");
  bytes.writeUInt32LE(payload.length, 16);
  payload.copy(bytes, 20);
  return new Uint8Array(bytes);
}

/** An extended WebP (VP8X): the canvas size, 24 bits each. */
function webpExtended(width: number, height: number): Uint8Array {
  const payload = Buffer.alloc(10);
  payload.writeUIntLE(width - 1, 4, 3);
  payload.writeUIntLE(height - 1, 7, 3);
  return riff("VP8X", payload);
}

/** A lossy WebP (VP8): a key frame's start code and 14-bit sizes. */
function webpLossy(width: number, height: number): Uint8Array {
  const payload = Buffer.alloc(10);
  payload.set([0x9d, 0x01, 0x2a], 3);
  payload.writeUInt16LE(width, 6);
  payload.writeUInt16LE(height, 8);
  return riff("VP8 ", payload);
}

/** A lossless WebP (VP8L): 14-bit sizes minus one after the 0x2f signature. */
function webpLossless(width: number, height: number): Uint8Array {
  const payload = Buffer.alloc(5);
  payload[0] = 0x2f;
  payload.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  return riff("VP8L", payload);
}

export const IMAGE_HEADERS = { pngHeader, jpegHeader, gifHeader, webpExtended, webpLossy, webpLossless };
