// The address classifier of the webhook SSRF guard, and the resolution check around it (with an
// injected resolver: no traffic leaves the machine).
import { describe, expect, it } from "vitest";
import {
  AddressNotAllowedError,
  blockedAddressReason,
  parseIpv6,
  resolveDeliveryAddress,
} from "./address-guard";

describe("blockedAddressReason", () => {
  it.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["100.64.0.1", "shared address space (CGNAT)"],
    ["100.127.255.254", "shared address space (CGNAT)"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["169.254.169.254", "link-local"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.10", "documentation"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "benchmarking"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.251", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::127.0.0.1", "reserved"],
    // ::ffff:0:0/96 (IPv4-translated): every spelling reaches the embedded IPv4 address.
    ["::ffff:0:127.0.0.1", "loopback"],
    ["::ffff:0:7f00:1", "loopback"],
    ["0:0:0:0:ffff:0:127.0.0.1", "loopback"],
    ["::ffff:0:10.0.0.1", "private"],
    ["::ffff:0:a9fe:a9fe", "link-local"],
    ["::ffff:0:0", "unspecified"],
    // Outside 2000::/3 and no embedding: not global unicast.
    ["::1:0:0:1", "reserved (not global unicast)"],
    ["4000::1", "reserved (not global unicast)"],
    ["1::1", "reserved (not global unicast)"],
    ["64:ff9b::10.0.0.1", "private"],
    ["64:ff9b::7f00:1", "loopback"],
    ["2002:7f00:1::", "loopback"],
    ["2002:c0a8:101::1", "private"],
    ["2001:0:4136:e378::1", "reserved"],
    ["2001:db8::1", "documentation"],
    ["fc00::1", "unique local (private)"],
    ["fd12:3456:789a::1", "unique local (private)"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf::1", "link-local"],
    ["fec0::1", "site-local (private)"],
    ["ff02::1", "multicast"],
    ["not-an-ip", "not an IP address"],
    ["1.2.3", "not an IP address"],
  ])("%s is refused: %s", (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each([
    "1.1.1.1",
    "8.8.8.8",
    "93.184.216.34",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "169.253.0.1",
    "192.169.0.1",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:81b::200e",
    "::ffff:8.8.8.8",
    "::ffff:0:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("%s is allowed", (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });
});

describe("parseIpv6", () => {
  it("expands :: and trailing dotted quads into eight groups", () => {
    expect(parseIpv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6("fe80::1:2")).toEqual([0xfe80, 0, 0, 0, 0, 0, 1, 2]);
    expect(parseIpv6("::ffff:192.168.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc0a8, 1]);
    expect(parseIpv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("refuses malformed addresses", () => {
    for (const text of [
      "1::2::3",
      "1:2:3:4:5:6:7:8:9",
      "1:2:3",
      "12345::",
      "::ffff:1.2.3.256",
      "g::1",
      "1:2:3:4:5:6:7::8",
    ])
      expect(parseIpv6(text)).toBeNull();
  });
});

describe("resolveDeliveryAddress", () => {
  const lookupTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: (address.includes(":") ? 6 : 4) as 4 | 6 }));

  it("answers the first address when every one is public", async () => {
    await expect(
      resolveDeliveryAddress("hooks.example.com", {
        allowPrivate: false,
        lookup: lookupTo("93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"),
      }),
    ).resolves.toEqual({ address: "93.184.216.34", family: 4 });
  });

  it("refuses a name when ANY of its addresses is private", async () => {
    const refused = resolveDeliveryAddress("hooks.example.com", {
      allowPrivate: false,
      lookup: lookupTo("93.184.216.34", "fd00::5"),
    });
    await expect(refused).rejects.toBeInstanceOf(AddressNotAllowedError);
    await expect(refused).rejects.toThrow(
      "Address not allowed: hooks.example.com resolves to fd00::5 (unique local (private))",
    );
  });

  it("strips the brackets of an IPv6 literal and names the literal alone", async () => {
    await expect(
      resolveDeliveryAddress("[::1]", { allowPrivate: false, lookup: lookupTo("::1") }),
    ).rejects.toThrow("Address not allowed: ::1 (loopback)");
  });

  it("allows private addresses with allowPrivate", async () => {
    await expect(
      resolveDeliveryAddress("localhost", { allowPrivate: true, lookup: lookupTo("127.0.0.1") }),
    ).resolves.toEqual({ address: "127.0.0.1", family: 4 });
  });

  it("refuses the IPv4-translated loopback as a URL writes it ([::ffff:0:127.0.0.1])", async () => {
    const { hostname } = new URL("http://[::ffff:0:127.0.0.1]:8080/hook");
    await expect(resolveDeliveryAddress(hostname, { allowPrivate: false })).rejects.toThrow(
      "Address not allowed: ::ffff:0:7f00:1 (loopback)",
    );
  });

  it("resolves with the system resolver by default (an IP literal resolves to itself)", async () => {
    await expect(resolveDeliveryAddress("127.0.0.1", { allowPrivate: false })).rejects.toThrow(
      "Address not allowed: 127.0.0.1 (loopback)",
    );
  });
});
