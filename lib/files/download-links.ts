// A buyer's download links (docs/uploads-and-limits.md "Downloadable files"): one file of one
// downloadables grant, signed by this server, valid for ten minutes. The portal's list and the
// checkout's confirmation hand them out; GET /v1/customer-portal/downloadables/{token} checks them
// (and the grant, again) when used.
import { hmacBase64url, safeEqual } from "../secrets/hmac";
import { publicBaseUrl } from "../public-url";

/** How long a download link may be used. */
export const DOWNLOAD_LINK_TTL_MS = 10 * 60_000;
const PURPOSE = "downloadable-file";

/** `<grant>.<file>.<expires>.<signature>` at its URL, and when it expires. */
export function downloadLink(grantId: string, fileId: string, now: Date) {
  const expires = now.getTime() + DOWNLOAD_LINK_TTL_MS;
  const token = `${grantId}.${fileId}.${expires}.${hmacBase64url(PURPOSE, `${grantId}:${fileId}:${expires}`)}`;
  return {
    url: `${publicBaseUrl()}/v1/customer-portal/downloadables/${token}`,
    expires_at: new Date(expires),
  };
}

/** The grant and file a link names, when this server signed it and it has not expired; else null. */
export function verifyDownloadToken(token: string, now: Date): { grantId: string; fileId: string } | null {
  const [grantId = "", fileId = "", expiresText = "", signature = ""] = token.split(".");
  const expires = Number(expiresText);
  const expected = hmacBase64url(PURPOSE, `${grantId}:${fileId}:${expiresText}`);
  if (!Number.isSafeInteger(expires) || !safeEqual(expected, signature) || expires < now.getTime())
    return null;
  return { grantId, fileId };
}

/** The files a downloadables grant records (lib/benefits/grants.ts). */
export function grantedFiles(properties: unknown): string[] {
  const files = (properties as { files?: unknown } | null)?.files;
  return Array.isArray(files) ? files.filter((f): f is string => typeof f === "string") : [];
}
