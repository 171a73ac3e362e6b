// The local-disk storage (keys confined to its folder, whole files only, where FILES_DIR and
// DATA_DIR put it) and the magic-byte sniffing, without the HTTP layer.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { filesDirectory, LocalDiskStorage, removeStaleIncoming } from "./storage";
import { sniffImageType } from "./sniff";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const bytes = (text: string) => new TextEncoder().encode(text);

describe("LocalDiskStorage", () => {
  it("puts, gets and deletes by key, leaving no temporary file", async () => {
    await storage.put("org/file", bytes("first"));
    await storage.put("org/file", bytes("second"));
    const stored = await storage.get("org/file");
    expect(stored?.size).toBe(6);
    expect(await new Response(stored!.body).text()).toBe("second");
    expect(fs.readdirSync(path.join(root, "org"))).toEqual(["file"]);
    await storage.delete("org/file");
    await storage.delete("org/file");
    expect(await storage.get("org/file")).toBeNull();
  });

  it.each([
    "../outside",
    "org/../../outside",
    "/etc/passwd",
    "org/.hidden",
    "",
    "org//file",
    "a\\..\\b",
    "org/file\u0000",
  ])("refuses the key %j", async (key) => {
    await expect(storage.put(key, bytes("x"))).rejects.toThrow("Invalid storage key");
    await expect(storage.get(key)).rejects.toThrow("Invalid storage key");
    await expect(storage.delete(key)).rejects.toThrow("Invalid storage key");
  });
});

describe("filesDirectory", () => {
  it("is FILES_DIR, else DATA_DIR/files, else a temporary folder for an in-memory database", () => {
    expect(filesDirectory({ FILES_DIR: "/srv/files", DATA_DIR: "/data" })).toBe("/srv/files");
    expect(filesDirectory({ DATA_DIR: "/data" })).toBe("/data/files");
    expect(filesDirectory({})).toBe(path.resolve(".data/files"));
    const temporary = filesDirectory({ DATA_DIR: "memory://x" });
    expect(temporary.startsWith(os.tmpdir())).toBe(true);
    expect(filesDirectory({ DATA_DIR: "memory://y" })).toBe(temporary);
    fs.rmSync(temporary, { recursive: true, force: true });
  });
});

describe("sniffImageType", () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "image/png"],
    [[0xff, 0xd8, 0xff, 0xe0], "image/jpeg"],
    [[...bytes("GIF87a")], "image/gif"],
    [[...bytes("GIF89a")], "image/gif"],
    [[...bytes("RIFF"), 0, 0, 0, 0, ...bytes("WEBP")], "image/webp"],
    [[...bytes("RIFF"), 0, 0, 0, 0, ...bytes("WAVE")], null],
    [[0x89, 0x50, 0x4e, 0x47], null],
    [[...bytes("<svg")], null],
    [[...bytes("<!doctype html>")], null],
    [[], null],
  ])("%j is %s", (signature, expected) => {
    expect(sniffImageType(new Uint8Array(signature))?.mimeType ?? null).toBe(expected);
  });
});

describe("removeStaleIncoming", () => {
  it("removes received uploads over an hour old (a crash's leftovers) and keeps the others", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "incoming-"));
    const now = new Date("2026-12-01T12:00:00Z");
    const old = path.join(directory, "old.upload");
    const recent = path.join(directory, "recent.upload");
    fs.writeFileSync(old, "x");
    fs.writeFileSync(recent, "y");
    fs.utimesSync(old, new Date(now.getTime() - 61 * 60_000), new Date(now.getTime() - 61 * 60_000));
    fs.utimesSync(recent, new Date(now.getTime() - 59 * 60_000), new Date(now.getTime() - 59 * 60_000));
    expect(await removeStaleIncoming(now, directory)).toBe(1);
    expect(fs.readdirSync(directory)).toEqual(["recent.upload"]);
    expect(await removeStaleIncoming(now, path.join(directory, "missing"))).toBe(0);
  });
});
