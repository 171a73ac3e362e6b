// What an uploaded file is, decided by its first bytes ("magic numbers") alone: the name and the
// declared Content-Type are the sender's word and are never trusted. Only the four image formats
// a browser shows in <img> without running anything are accepted; SVG (which can carry scripts),
// HTML and everything else is refused.

export type ImageType = { mimeType: string; extension: string };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = [...new TextEncoder().encode("GIF87a")];
const GIF89A = [...new TextEncoder().encode("GIF89a")];
const RIFF = [...new TextEncoder().encode("RIFF")];
const WEBP = [...new TextEncoder().encode("WEBP")];

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return (
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)
  );
}

/** The image type the bytes are, or null when they are not a PNG, JPEG, WebP or GIF. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG)) return { mimeType: "image/png", extension: "png" };
  if (startsWith(bytes, JPEG)) return { mimeType: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A))
    return { mimeType: "image/gif", extension: "gif" };
  // RIFF, a 4-byte length, then the form type: WEBP.
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8))
    return { mimeType: "image/webp", extension: "webp" };
  return null;
}

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** The extension of a stored file's type (one sniffImageType gave). */
export function extensionOf(mimeType: string): string {
  return EXTENSIONS[mimeType] ?? "bin";
}
