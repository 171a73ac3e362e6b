// How large an upload may be. Its own module, free of Node imports, because the pre-routing guard
// (lib/server/pre-route.ts, through lib/api/request-body.ts) needs the body limit before routing.

/** The largest product image: 10 MiB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The multipart framing around the file: boundaries, part headers and the small text fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The largest upload request body: the image plus its framing. */
export const UPLOAD_BODY_MAX_BYTES = MAX_FILE_BYTES + FORM_OVERHEAD_BYTES;

/**
 * The most pixels an image may have: 40 megapixels (8000×5000). A small compressed file can
 * declare a huge canvas (a 1.5 MiB PNG of 20000×20000 needs 1.6 GB to decode), and every buyer's
 * browser decodes it on the checkout page.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The largest downloadable file (a `downloadables` benefit's), uploaded in parts: 1 GiB. */
export const MAX_DOWNLOADABLE_BYTES = 1024 * 1024 * 1024;

/** The largest part of an upload in parts (each a PUT of its own): 64 MiB. */
export const MAX_UPLOAD_PART_BYTES = 64 * 1024 * 1024;

/** The most parts one upload announces (1 GiB in parts of 64 MiB is 16). */
export const MAX_UPLOAD_PARTS = 1000;
