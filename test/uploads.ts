// Shared by the upload tests: one tiny valid image of each accepted type (1×1 pixel), and upload
// requests built the way a browser's FormData or curl -F sends them.
import { createHash } from "node:crypto";
import type { RouteHandler } from "../lib/api/handler";

const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

export const IMAGES = {
  png: {
    mimeType: "image/png",
    bytes: fromBase64(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    ),
  },
  jpeg: {
    mimeType: "image/jpeg",
    bytes: fromBase64(
      "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////" +
        "////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    ),
  },
  webp: { mimeType: "image/webp", bytes: fromBase64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==") },
  gif: {
    mimeType: "image/gif",
    bytes: fromBase64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"),
  },
} as const;

export function checksums(bytes: Uint8Array) {
  const sha256 = createHash("sha256").update(bytes).digest();
  return {
    checksum_etag: createHash("md5").update(bytes).digest("hex"),
    checksum_sha256_base64: sha256.toString("base64"),
    checksum_sha256_hex: sha256.toString("hex"),
  };
}

export type UploadOptions = {
  /** The part's bytes, file name and declared type. */
  file?: { bytes: Uint8Array; name?: string; type?: string } | null;
  /** Other form fields (name, organization_id, ...). */
  fields?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
};

/** POST /v1/files/ as a browser sends it: a FormData body (undici writes the boundary). */
export function uploadRequest({ file, fields = {}, token, headers = {} }: UploadOptions): Request {
  const form = new FormData();
  if (file) {
    const bytes = new Uint8Array(file.bytes);
    form.append("file", new Blob([bytes], { type: file.type ?? "" }), file.name ?? "image.png");
  }
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return new Request("http://localhost/v1/files/", {
    method: "POST",
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: form,
  });
}

export async function answer(handler: RouteHandler, request: Request, params: Record<string, string> = {}) {
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}
