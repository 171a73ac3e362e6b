// An upload route's body (the route option `upload`): an upload slot is taken for the caller
// (lib/files/upload-slots.ts: 429 past the caps), then the multipart/form-data body is streamed to
// temporary files (lib/api/multipart.ts). The route wrapper calls `release()` once the request is
// answered, whatever happened: it frees the slot and removes the temporary files (a stored upload
// was moved away from its temporary name, so nothing is lost).
import type { Principal } from "../core/principal";
import { incomingDirectory } from "../files/storage";
import { ReceivedFile } from "../files/received-file";
import { MalformedFormError, receiveMultipart, removeFiles } from "./multipart";
import { takeUploadSlot } from "../files/upload-slots";
import { discardRest, type FormBody, type UploadOption } from "./request-body";

export type ReceivedUpload = FormBody & { release(): Promise<void> };

export async function receiveUpload(
  request: Request,
  principal: Principal | null,
  upload: UploadOption,
): Promise<ReceivedUpload> {
  let freeSlot: () => void;
  try {
    freeSlot = takeUploadSlot(principal?.id ?? "anonymous");
  } catch (error) {
    // Refused before reading: the body is still read and thrown away (within bounds), so that
    // the client reads the 429 instead of a reset connection (lib/http/linger.ts).
    if (request.body) await discardRest(request.body.getReader());
    throw error;
  }
  try {
    const form = await receiveMultipart(request.body, request.headers.get("content-type") ?? "", {
      maxBytes: upload.maxBytes,
      directory: incomingDirectory(),
    });
    return {
      value: form.value,
      problems: [],
      release: async () => {
        freeSlot();
        await removeFiles(form.files.map((file) => file.path));
      },
    };
  } catch (error) {
    freeSlot();
    if (!(error instanceof MalformedFormError)) throw error;
    const msg = "The request body is not valid multipart/form-data";
    return {
      value: undefined,
      problems: [{ type: "value_error", loc: ["body"], msg, input: null }],
      release: async () => {},
    };
  }
}

/**
 * What an Idempotency-Key compares for a form: its fields and each file's name, declared type and
 * SHA-256 (never the boundary, which a client draws anew on each try).
 */
export function formDigest(value: Record<string, unknown> | undefined): string {
  const entries: unknown[] = [];
  // By name: a file is collected once written, so its place among the fields varies between tries.
  for (const key of Object.keys(value ?? {}).sort()) {
    const field = value![key];
    for (const item of Array.isArray(field) ? field : [field]) {
      if (!(item instanceof ReceivedFile)) entries.push([key, item]);
      else {
        const sha256 = item.sha256.toString("hex");
        entries.push([key, { name: item.name, type: item.declaredType, sha256 }]);
      }
    }
  }
  return JSON.stringify(entries);
}
