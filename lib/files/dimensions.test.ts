// Image dimensions from header bytes alone, for every accepted format and layout.
import { describe, expect, it } from "vitest";
import { IMAGES } from "@/test/uploads";
import { IMAGE_HEADERS as H } from "@/test/image-headers";
import { imageDimensions, readFromBytes } from "./dimensions";
import { sniffImageType } from "./sniff";

const dimensionsOf = (bytes: Uint8Array) => imageDimensions(readFromBytes(bytes), sniffImageType(bytes)!);

describe("imageDimensions", () => {
  it.each(Object.entries(IMAGES))("reads the 1×1 test %s", async (_, image) => {
    expect(await dimensionsOf(image.bytes)).toEqual({ width: 1, height: 1 });
  });

  it.each([
    ["PNG", H.pngHeader(20000, 20000), 20000, 20000],
    ["JPEG", H.jpegHeader(8000, 6000), 8000, 6000],
    ["JPEG after 200 KB of metadata", H.jpegHeader(640, 480, 200_000), 640, 480],
    ["GIF", H.gifHeader(65535, 1000), 65535, 1000],
    ["WebP (VP8X)", H.webpExtended(16383, 16383), 16383, 16383],
    ["WebP (VP8)", H.webpLossy(1920, 1080), 1920, 1080],
    ["WebP (VP8L)", H.webpLossless(300, 200), 300, 200],
  ])("reads a %s header", async (_, bytes, width, height) => {
    expect(await dimensionsOf(bytes)).toEqual({ width, height });
  });

  it("gives null for a header it cannot read", async () => {
    const png = H.pngHeader(10, 10);
    expect(await dimensionsOf(png.subarray(0, 20))).toBeNull();
    // A JPEG that ends, or starts its scan, before any frame header.
    expect(await dimensionsOf(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(await dimensionsOf(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeNull();
    expect(await dimensionsOf(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
  });
});
