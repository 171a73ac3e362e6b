// The client's address: the socket's peer as stamped by the app's server, X-Forwarded-For only
// behind trusted proxies, bounded whatever a client sends.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { fromPeer } from "@/test/peer";
import {
  addressBucket,
  clientAddress,
  normalizeAddress,
  PEER_HEADER,
  stampPeerAddress,
  trustedProxies,
  UNKNOWN_ADDRESS,
} from "./peer";

const request = (headers: Record<string, string>) => new Request("http://localhost/v1/x", { headers });
const addressOf = (headers: Record<string, string>, trust = "") =>
  clientAddress(request(headers), trustedProxies(trust));

describe("stampPeerAddress and clientAddress", () => {
  it("read back the socket's address, IPv4-mapped IPv6 as IPv4", () => {
    expect(addressOf(fromPeer("203.0.113.7"))).toBe("203.0.113.7");
    expect(addressOf(fromPeer("::ffff:198.51.100.4"))).toBe("198.51.100.4");
    expect(addressOf(fromPeer("2001:db8::5"))).toBe("2001:db8::5");
  });

  it("replace a copy of the header the client sent, in the parsed and the raw headers", () => {
    const req = {
      headers: { [PEER_HEADER]: "guessed-secret 192.0.2.1", host: "x" },
      rawHeaders: ["Host", "x", "X-DSB-Peer", "guessed-secret 192.0.2.1", "x-dsb-peer", "again"],
      socket: { remoteAddress: "203.0.113.8" },
    } as unknown as IncomingMessage;
    stampPeerAddress(req);
    expect(req.rawHeaders).toEqual(["Host", "x"]);
    expect(addressOf(req.headers as Record<string, string>)).toBe("203.0.113.8");
  });

  it("work on a real connection: the socket's address, whatever header the client sends", async () => {
    const server = createServer((req, res) => {
      stampPeerAddress(req);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string") headers.set(name, value);
      res.end(clientAddress(new Request("http://localhost/", { headers }), trustedProxies("")));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { [PEER_HEADER]: "forged 192.0.2.1", "x-forwarded-for": "192.0.2.2" },
      });
      expect(await response.text()).toBe("127.0.0.1");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("ignore a peer header that the app's server did not stamp (forged or absent)", () => {
    const stamped = fromPeer("203.0.113.9")[PEER_HEADER]!;
    const secret = stamped.split(" ")[0]!;
    // One character off (the secret is random: its last character may itself be an "x").
    const offByOne = secret.slice(0, -1) + (secret.endsWith("x") ? "y" : "x");
    for (const forged of [
      "guessed-secret 192.0.2.1",
      `${offByOne} 192.0.2.1`,
      "192.0.2.1",
      `${secret} not-an-address`,
      "",
    ]) {
      expect(addressOf({ [PEER_HEADER]: forged })).toBe(UNKNOWN_ADDRESS);
    }
    // Without a stamp nothing vouches for X-Forwarded-For either, even with proxies trusted.
    expect(addressOf({ "x-forwarded-for": "192.0.2.1" }, "1")).toBe(UNKNOWN_ADDRESS);
  });
});

describe("X-Forwarded-For", () => {
  it("is ignored without TRUSTED_PROXIES: a rotating header is still one client", () => {
    for (const forwarded of ["192.0.2.1", "192.0.2.2, 192.0.2.3", "garbage"]) {
      expect(addressOf(fromPeer("203.0.113.10", { "x-forwarded-for": forwarded }))).toBe("203.0.113.10");
      expect(addressOf(fromPeer("203.0.113.10", { "x-forwarded-for": forwarded }), "0")).toBe("203.0.113.10");
    }
  });

  it("with a count of trusted hops, takes the nearest hop that is not a trusted proxy", () => {
    const behindProxy = (forwarded: string, trust: string) =>
      addressOf(fromPeer("10.0.0.2", { "x-forwarded-for": forwarded }), trust);
    // The client wrote "192.0.2.66"; the proxy appended the address it saw.
    expect(behindProxy("192.0.2.66, 198.51.100.20", "1")).toBe("198.51.100.20");
    expect(behindProxy("192.0.2.66, 198.51.100.20, 10.0.0.9", "2")).toBe("198.51.100.20");
    // A chain shorter than the trusted hops: the farthest address there is.
    expect(behindProxy("198.51.100.21", "3")).toBe("198.51.100.21");
    // No header from the proxy: the proxy itself.
    expect(addressOf(fromPeer("10.0.0.2"), "1")).toBe("10.0.0.2");
    // A hop that is no address stops the walk at the last trusted one.
    expect(behindProxy("198.51.100.22, bogus", "2")).toBe("10.0.0.2");
    // Ports and brackets, as some proxies write them.
    expect(behindProxy("[2001:db8::7]:4711", "1")).toBe("2001:db8::7");
    expect(behindProxy("198.51.100.23:4711", "1")).toBe("198.51.100.23");
  });

  it("with addresses and CIDR ranges, skips every trusted hop from the right", () => {
    const trust = "10.0.0.0/8, 192.168.1.5, fd00::/8";
    const via = (peer: string, forwarded: string) =>
      addressOf(fromPeer(peer, { "x-forwarded-for": forwarded }), trust);
    expect(via("10.1.2.3", "192.0.2.66, 198.51.100.30, 192.168.1.5, 10.9.9.9")).toBe("198.51.100.30");
    expect(via("fd00::1", "2001:db8::30")).toBe("2001:db8::30");
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(via("198.51.100.31", "192.0.2.66")).toBe("198.51.100.31");
    // Everything trusted: the farthest.
    expect(via("10.1.2.3", "10.4.4.4")).toBe("10.4.4.4");
  });

  it("is bounded: 8 kB of hops or junk give a short, valid address", () => {
    const longChain = Array.from({ length: 700 }, (_, i) => `192.0.${i >> 8}.${i & 255}`).join(", ");
    expect(longChain.length).toBeGreaterThan(8000);
    expect(addressOf(fromPeer("10.0.0.2", { "x-forwarded-for": longChain }), "1")).toBe("192.0.2.187");
    expect(addressOf(fromPeer("10.0.0.2", { "x-forwarded-for": longChain }), "10.0.0.0/8, 192.0.0.0/8")).toBe(
      "192.0.2.156",
    );
    const junk = "x".repeat(8192);
    expect(addressOf(fromPeer("10.0.0.2", { "x-forwarded-for": junk }), "1")).toBe("10.0.0.2");
    expect(addressOf(fromPeer("10.0.0.2", { "x-forwarded-for": `${junk}, 198.51.100.40` }), "1")).toBe(
      "198.51.100.40",
    );
  });
});

describe("trustedProxies", () => {
  it("reads a count or a list, and never trusts what it cannot read", () => {
    expect(trustedProxies("")).toEqual({ hops: 0 });
    expect(trustedProxies(" 2 ")).toEqual({ hops: 2 });
    const list = trustedProxies("10.0.0.0/8, not-an-ip, 1.2.3.4/99, 192.168.0.1");
    expect("addresses" in list && list.addresses.check("10.2.3.4")).toBe(true);
    expect("addresses" in list && list.addresses.check("192.168.0.1")).toBe(true);
    expect("addresses" in list && list.addresses.check("1.2.3.4")).toBe(false);
  });
});

describe("normalizeAddress and addressBucket", () => {
  it("accept addresses only", () => {
    expect(normalizeAddress(" 192.0.2.1 ")).toBe("192.0.2.1");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
    for (const bad of ["", "unknown", "999.1.1.1", "1.2.3.4.5", "x".repeat(100), null, undefined]) {
      expect(normalizeAddress(bad)).toBeNull();
    }
  });

  it("give an IPv6 client its /64, an IPv4 client its address", () => {
    expect(addressBucket("192.0.2.1")).toBe("192.0.2.1");
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket(UNKNOWN_ADDRESS)).toBe(UNKNOWN_ADDRESS);
  });
});
