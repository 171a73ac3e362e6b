import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { decrypt, decryptBytes, encrypt, encryptBytes, DecryptionError } from "./encryption";
import { hmacHex, safeEqual } from "./hmac";
import { keyringFrom } from "./keys";
import { loadServerSecret, ServerSecretError } from "./server-secret";

const A = "a".repeat(32) + "-first-secret";
const B = "b".repeat(32) + "-second-secret";
const keysA = keyringFrom(A);
const keysB = keyringFrom(B);

/** Flips one base64url character of one dot-separated part. */
function tamper(sealed: string, part: number): string {
  const parts = sealed.split(".");
  const p = parts[part]!;
  parts[part] = (p[0] === "A" ? "B" : "A") + p.slice(1);
  return parts.join(".");
}

describe("encrypt / decrypt", () => {
  it("round-trips text and bytes, with a fresh IV each time", () => {
    const sealed = encrypt("cs_secret value ✓", "ctx", keysA);
    expect(sealed).toMatch(/^v1\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("cs_secret");
    expect(decrypt(sealed, "ctx", keysA)).toBe("cs_secret value ✓");
    expect(encrypt("cs_secret value ✓", "ctx", keysA)).not.toBe(sealed);
    const bytes = new Uint8Array([0, 1, 2, 255]);
    expect([...decryptBytes(encryptBytes(bytes, "key", keysA), "key", keysA)]).toEqual([0, 1, 2, 255]);
    expect(decrypt(encrypt("", "ctx", keysA), "ctx", keysA)).toBe("");
  });

  it("refuses a tampered IV, ciphertext or tag", () => {
    const sealed = encrypt("hello world, a secret", "ctx", keysA);
    for (const part of [2, 3, 4]) {
      expect(() => decrypt(tamper(sealed, part), "ctx", keysA)).toThrow(DecryptionError);
    }
    expect(() => decrypt(sealed.slice(0, -2), "ctx", keysA)).toThrow(DecryptionError);
  });

  it("refuses another context, another key, an unknown version", () => {
    const sealed = encrypt("hello", "checkout_sessions.client_secret:1", keysA);
    expect(() => decrypt(sealed, "checkout_sessions.client_secret:2", keysA)).toThrow(DecryptionError);
    expect(() => decrypt(sealed, "checkout_sessions.client_secret:1", keysB)).toThrow(
      "sealed with a key this server does not have",
    );
    // Even a key that claims the right id does not open it.
    const forged = sealed.replace(/^v1\.[\w-]{8}/, `v1.${keysB.current.id}`);
    expect(() => decrypt(forged, "checkout_sessions.client_secret:1", keysB)).toThrow(DecryptionError);
    expect(() => decrypt(sealed.replace(/^v1/, "v9"), "checkout_sessions.client_secret:1", keysA)).toThrow(
      "unknown format",
    );
    expect(() => decrypt("plaintext", "ctx", keysA)).toThrow("unknown format");
  });

  it("opens values sealed under a previous secret after a rotation", () => {
    const old = encrypt("kept across rotation", "ctx", keysA);
    const rotated = keyringFrom(B, [A]);
    expect(decrypt(old, "ctx", rotated)).toBe("kept across rotation");
    const fresh = encrypt("new", "ctx", rotated);
    expect(fresh.split(".")[1]).toBe(keysB.current.id);
    expect(() => decrypt(fresh, "ctx", keysA)).toThrow(DecryptionError);
  });
});

describe("hmacHex", () => {
  it("is stable per key and purpose, and differs across keys and purposes", () => {
    expect(hmacHex("csrf", "x", keysA)).toBe(hmacHex("csrf", "x", keyringFrom(A)));
    expect(hmacHex("csrf", "x", keysA)).toMatch(/^[0-9a-f]{64}$/);
    expect(hmacHex("csrf", "x", keysB)).not.toBe(hmacHex("csrf", "x", keysA));
    expect(hmacHex("scope", "x", keysA)).not.toBe(hmacHex("csrf", "x", keysA));
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
  });
});

describe("loadServerSecret", () => {
  const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "app-secret-"));

  it("uses APP_SECRET, and refuses a short one", () => {
    expect(loadServerSecret({ APP_SECRET: ` ${A} ` })).toBe(A);
    expect(() => loadServerSecret({ APP_SECRET: "short" })).toThrow(ServerSecretError);
  });

  it("generates DATA_DIR/app-secret (0600) on first boot and reuses it", () => {
    const dir = path.join(tempDir(), "nested");
    const warn = vi.fn();
    const first = loadServerSecret({ DATA_DIR: dir }, warn);
    const file = path.join(dir, "app-secret");
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadServerSecret({ DATA_DIR: dir }, warn)).toBe(first);
    expect(warn).not.toHaveBeenCalled();
    expect(fs.readdirSync(dir)).toEqual(["app-secret"]);
  });

  it("warns with DATABASE_URL that instances must share APP_SECRET", () => {
    const dir = tempDir();
    const warn = vi.fn();
    const secret = loadServerSecret({ DATA_DIR: dir, DATABASE_URL: "postgresql://x/y" }, warn);
    expect(fs.readFileSync(path.join(dir, "app-secret"), "utf8").trim()).toBe(secret);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("set APP_SECRET on all of them"));
    expect(warn.mock.calls[0]![0]).not.toContain(secret);
  });

  it("refuses a secret file that was emptied", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "app-secret"), "\n");
    expect(() => loadServerSecret({ DATA_DIR: dir })).toThrow(ServerSecretError);
  });
});
