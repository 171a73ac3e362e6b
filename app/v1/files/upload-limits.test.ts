// The upload route's limits beyond the body size (issue 28, item 14): images past 40 megapixels
// are refused from their header (a small file can declare a huge canvas), uploads received at once
// are capped per caller and per process (429 with Retry-After), and nothing received is left on
// disk whatever the outcome. Streaming itself (memory under 40 concurrent uploads) is measured by
// scripts/bench/upload-memory.ts.
import fs from "node:fs";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createToken } from "@/lib/factories";
import { incomingDirectory } from "@/lib/files/storage";
import { uploadsInProgress } from "@/lib/files/upload-slots";
import { IMAGE_HEADERS as H } from "@/test/image-headers";
import { answer, IMAGES, uploadRequest } from "@/test/uploads";
import { POST as upload } from "./route";

let db: Db;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  db = await getDb();
  const org = (await createOrganization(db)).id;
  tokenA = (await createToken(db, org)).token;
  tokenB = (await createToken(db, org)).token;
});

afterEach(() => {
  delete process.env.UPLOAD_CONCURRENCY;
  delete process.env.UPLOAD_CONCURRENCY_PER_CALLER;
});

const receiving = () => (fs.existsSync(incomingDirectory()) ? fs.readdirSync(incomingDirectory()) : []);
const post = (bytes: Uint8Array, name = "image", token = tokenA) =>
  answer(upload, uploadRequest({ token, file: { bytes, name } }));

describe("the pixel limit", () => {
  it.each([
    ["a PNG declaring 20000×20000", H.pngHeader(20000, 20000), "20000×20000"],
    ["a JPEG of 9000×5000 behind 200 KB of metadata", H.jpegHeader(9000, 5000, 200_000), "9000×5000"],
    ["a WebP of 6325×6325", H.webpExtended(6325, 6325), "6325×6325"],
    ["a GIF of 65535×65535", H.gifHeader(65535, 65535), "65535×65535"],
  ])("refuses %s with 422 naming the limit, storing nothing", async (_, bytes, size) => {
    const count = await db.media.count();
    const res = await post(bytes);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "RequestValidationError",
      detail: [
        {
          type: "value_error",
          loc: ["body", "file"],
          msg: `The image should have at most 40 megapixels (40000000 pixels); this one is ${size}.`,
          input: "image",
        },
      ],
    });
    expect(await db.media.count()).toBe(count);
    expect(receiving()).toEqual([]);
  });

  it("takes an image of exactly 40 megapixels", async () => {
    const res = await post(H.gifHeader(8000, 5000), "wide.gif");
    expect(res.status).toBe(201);
    expect(res.body.mime_type).toBe("image/gif");
    expect(receiving()).toEqual([]);
  });

  it("refuses an image whose header cannot be read", async () => {
    const res = await post(H.pngHeader(10, 10).subarray(0, 20), "cut.png");
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe(
      "The file should be a PNG, JPEG, WebP or GIF image. Its header cannot be read.",
    );
  });
});

/** An upload whose body stops before its end until `finish()`: it holds its slot meanwhile. */
function heldUpload(token: string) {
  const encoder = new TextEncoder();
  const head = encoder.encode(
    '--b\r\nContent-Disposition: form-data; name="file"; filename="held.png"\r\nContent-Type: image/png\r\n\r\n',
  );
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let step = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (step++ === 0) return controller.enqueue(new Uint8Array([...head, ...IMAGES.png.bytes]));
      await finished;
      controller.enqueue(encoder.encode("\r\n--b--\r\n"));
      controller.close();
    },
  });
  const request = new Request("http://localhost/v1/files/", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=b" },
    body,
    duplex: "half",
  } as RequestInit);
  return { answered: answer(upload, request), finish };
}

async function until(condition: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(condition()).toBe(true), { timeout: 5_000, interval: 10 });
}

describe("uploads at once", () => {
  it("are capped per caller and per process with 429 and Retry-After, and free their slot when done", async () => {
    process.env.UPLOAD_CONCURRENCY = "3";
    process.env.UPLOAD_CONCURRENCY_PER_CALLER = "2";
    const a1 = heldUpload(tokenA);
    const a2 = heldUpload(tokenA);
    await until(() => uploadsInProgress() === 2);

    const third = await post(IMAGES.png.bytes);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("5");
    expect(third.body).toEqual({
      error: "RateLimitExceeded",
      detail: "Too many uploads at once: at most 2 per caller. Retry in 5 seconds.",
    });

    // Another caller still gets the process's last slot, then the process is full.
    const b1 = heldUpload(tokenB);
    await until(() => uploadsInProgress() === 3);
    const full = await post(IMAGES.png.bytes, "image", tokenB);
    expect(full.status).toBe(429);
    expect(full.headers.get("retry-after")).toBe("5");
    expect(full.body.detail).toBe("The server is receiving too many uploads. Retry in 5 seconds.");

    for (const held of [a1, a2, b1]) held.finish();
    expect((await Promise.all([a1, a2, b1].map((held) => held.answered))).map((r) => r.status)).toEqual([
      201, 201, 201,
    ]);
    expect(uploadsInProgress()).toBe(0);
    expect((await post(IMAGES.png.bytes)).status).toBe(201);
    expect(receiving()).toEqual([]);
  });
});

describe("what is received", () => {
  it("is removed when the body turns out too large or malformed", async () => {
    const encoder = new TextEncoder();
    const head = encoder.encode(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n',
    );
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const tooLarge = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array([...head, ...IMAGES.png.bytes]));
        else if (sent > 40) controller.close();
        else controller.enqueue(chunk);
        sent++;
      },
    });
    const request = (body: BodyInit) =>
      new Request("http://localhost/v1/files/", {
        method: "POST",
        headers: { authorization: `Bearer ${tokenA}`, "content-type": "multipart/form-data; boundary=b" },
        body,
        duplex: "half",
      } as RequestInit);
    const large = await answer(upload, request(tooLarge));
    expect(large.status).toBe(413);
    expect(receiving()).toEqual([]);

    // A file part cut off before the form's end.
    const cut = await answer(upload, request(new Uint8Array([...head, ...IMAGES.png.bytes])));
    expect(cut.status).toBe(422);
    expect(cut.body.detail[0].msg).toBe("The request body is not valid multipart/form-data");
    expect(receiving()).toEqual([]);
    expect(uploadsInProgress()).toBe(0);
  });
});
