// Uploading a downloadable from the browser the way the API takes it (docs/uploads-and-limits.md
// "Downloadable files"): announce the file and its parts, PUT each slice to its signed URL, then
// complete with the parts' ETags. Parts of 8 MiB, one at a time; `onProgress` says how far.
import { apiFetch } from "@/components/api-client";

const PART_BYTES = 8 * 1024 * 1024;

type Announced = {
  id: string;
  name: string;
  upload: {
    id: string;
    path: string;
    parts: { number: number; chunk_start: number; chunk_end: number; url: string }[];
  };
};

export async function uploadInParts(
  file: File,
  organizationId: string,
  onProgress: (fraction: number) => void,
): Promise<{ id: string; name: string }> {
  const parts = [];
  for (let start = 0, number = 1; start < file.size; start += PART_BYTES, number++) {
    parts.push({ number, chunk_start: start, chunk_end: Math.min(start + PART_BYTES, file.size) });
  }
  const announced = await apiFetch<Announced>("/v1/files/", {
    method: "POST",
    body: {
      organization_id: organizationId,
      name: file.name,
      mime_type: file.type || "application/octet-stream",
      size: file.size,
      service: "downloadable",
      upload: { parts },
    },
  });
  const sent = [];
  for (const part of announced.upload.parts) {
    // Same origin: the part's URL is this server's, signed for an hour.
    const url = new URL(part.url);
    const response = await fetch(`${url.pathname}${url.search}`, {
      method: "PUT",
      body: file.slice(part.chunk_start, part.chunk_end),
      credentials: "omit",
    });
    if (!response.ok)
      throw new Error(`Part ${part.number} of ${file.name} was refused (${response.status}).`);
    sent.push({ number: part.number, checksum_etag: response.headers.get("etag") ?? "" });
    onProgress(part.chunk_end / file.size);
  }
  await apiFetch(`/v1/files/${encodeURIComponent(announced.id)}/uploaded`, {
    method: "POST",
    body: { id: announced.upload.id, path: announced.upload.path, parts: sent },
  });
  return { id: announced.id, name: announced.name };
}
