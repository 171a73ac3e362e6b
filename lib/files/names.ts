// File names: the one a Media row keeps (what the merchant called the file) and the one its public
// URL shows (a safe ASCII segment). Neither ever becomes a storage path.
import { isStorableText } from "../core/validation";
import { MAX_FILE_NAME_LENGTH } from "./schemas";

/** The longest name segment of a public URL. */
const MAX_URL_NAME_LENGTH = 100;

/**
 * The name to keep for an uploaded file: the `name` field, else the part's file name without any
 * folder a browser or a hostile client put before it, without control characters, cut to 255
 * characters; `image.<extension>` when nothing is left.
 */
export function storedFileName(explicit: string | undefined, partName: string, extension: string): string {
  if (explicit) return explicit;
  const base = (partName.split(/[\\/]/).pop() ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  const name = [...base].slice(0, MAX_FILE_NAME_LENGTH).join("");
  return name && isStorableText(name) ? name : `image.${extension}`;
}

/**
 * The name segment of a file's public URL: letters, digits, `-` and `_`, then the extension of the
 * type its bytes are (never the merchant's: `report.html` holding a PNG is `report.png`, so
 * nothing that saves or opens the URL takes it for another kind of file).
 */
export function urlFileName(name: string, extension: string): string {
  const segment = name
    // The merchant's own extension, whatever it says.
    .replace(/\.[A-Za-z0-9]{1,10}$/, "")
    // "ü" becomes "u": the letter and its accent, dropped.
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    // Dots too: the only one left is the extension's.
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    // No leading dash (options), no trailing one.
    .replace(/^-+/, "")
    .slice(0, MAX_URL_NAME_LENGTH - extension.length - 1)
    .replace(/-+$/, "");
  return `${segment || "image"}.${extension}`;
}
