// Uploads an image to POST /v1/files/ with XMLHttpRequest, whose upload.onprogress reports the
// bytes sent (fetch cannot); the dashboard session's CSRF token goes along like apiFetch sends it.
import { csrfToken, errorFrom, ApiRequestError, NETWORK_ERROR } from "@/components/api-client";
import type { Media } from "../hooks/catalog";

export type UploadHandle = { promise: Promise<Media>; abort: () => void };

// Sent at once, at most: under the server's cap of uploads per caller (4 by default,
// docs/uploads-and-limits.md), so picking many images queues them instead of drawing 429s.
const PARALLEL_UPLOADS = 3;
let sending = 0;
const queued: Array<() => void> = [];
function takeTurn(): Promise<void> {
  if (sending < PARALLEL_UPLOADS) {
    sending++;
    return Promise.resolve();
  }
  return new Promise((resolve) => queued.push(() => (sending++, resolve())));
}
function endTurn() {
  sending--;
  queued.shift()?.();
}

export function uploadImage(
  file: File,
  organizationId: string,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  let cancelled = false;
  const send = () =>
    new Promise<Media>((resolve, reject) => {
      if (cancelled) return reject(new ApiRequestError(0, NETWORK_ERROR, "Upload cancelled."));
      const form = new FormData();
      form.append("file", file);
      form.append("organization_id", organizationId);
      xhr.open("POST", "/v1/files/");
      xhr.setRequestHeader("accept", "application/json");
      const csrf = csrfToken();
      if (csrf) xhr.setRequestHeader("x-csrf-token", csrf);
      xhr.withCredentials = true;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        let body: unknown = null;
        try {
          body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          // Not JSON: reported by status below.
        }
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(1);
          resolve(body as Media);
        } else reject(errorFrom(xhr.status, body));
      };
      const failed = () =>
        reject(new ApiRequestError(0, NETWORK_ERROR, "The upload did not reach the server. Try again."));
      xhr.onerror = failed;
      xhr.onabort = () => reject(new ApiRequestError(0, NETWORK_ERROR, "Upload cancelled."));
      xhr.send(form);
    });
  const promise = takeTurn().then(() => send().finally(endTurn));
  return {
    promise,
    abort: () => {
      cancelled = true;
      xhr.abort();
    },
  };
}
