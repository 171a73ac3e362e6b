// Webhooks must not become a way into the server's own network (SSRF): a merchant chooses the URL,
// and the server would call it from inside. Before each attempt the host is resolved, and the
// attempt is refused when ANY of its addresses is loopback, private, link-local, shared (CGNAT),
// multicast, broadcast, unspecified or reserved, IPv4 embedded in IPv6 included (mapped
// ::ffff:0:0/96, translated ::ffff:0:0:0/96, NAT64, 6to4); any other IPv6 address outside global
// unicast (2000::/3) is refused too. The connection
// then goes to the very address that was checked (see ./send.ts), so a DNS answer that changes
// between the check and the connection (DNS rebinding) cannot swap in another one.
// WEBHOOKS_ALLOW_PRIVATE=true lifts the check (local development, tests).
import dns from "node:dns";
import { isIP } from "node:net";

export class AddressNotAllowedError extends Error {
  constructor(detail: string) {
    super(`Address not allowed: ${detail}`);
    this.name = "AddressNotAllowedError";
  }
}

type Range = { base: number; bits: number; reason: string };

const ipv4Ranges: Range[] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared address space (CGNAT)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["255.255.255.255", 32, "broadcast"],
  ["240.0.0.0", 4, "reserved"],
].map(([address, bits, reason]) => ({
  base: ipv4ToNumber(address as string)!,
  bits: bits as number,
  reason: reason as string,
}));

/** A dotted quad as an unsigned 32-bit number, or null when it is not one. */
function ipv4ToNumber(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

function inIpv4Range(value: number, { base, bits }: Range): boolean {
  if (bits === 0) return true;
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(base / size);
}

function classifyIpv4(value: number): string | null {
  return ipv4Ranges.find((range) => inIpv4Range(value, range))?.reason ?? null;
}

/** An IPv6 address as its eight 16-bit groups (a trailing dotted quad allowed), or null. */
export function parseIpv6(text: string): number[] | null {
  let address = text.toLowerCase();
  const zone = address.indexOf("%");
  if (zone >= 0) address = address.slice(0, zone);
  const lastColon = address.lastIndexOf(":");
  const last = address.slice(lastColon + 1);
  if (last.includes(".")) {
    // A trailing dotted quad (::ffff:127.0.0.1) stands for the last two groups.
    const v4 = ipv4ToNumber(last);
    if (v4 === null) return null;
    address = `${address.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (![...head, ...tail].every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<string>(missing).fill("0"), ...tail].map((group) => parseInt(group, 16));
}

const embeddedIpv4 = (high: number, low: number) => high * 65536 + low;

function classifyIpv6(g: number[]): string | null {
  const zeroUpTo = (n: number) => g.slice(0, n).every((group) => group === 0);
  if (zeroUpTo(8)) return "unspecified";
  if (zeroUpTo(7) && g[7] === 1) return "loopback";
  // ::ffff:a.b.c.d (IPv4-mapped) reaches the IPv4 address itself.
  if (zeroUpTo(5) && g[5] === 0xffff) return classifyIpv4(embeddedIpv4(g[6]!, g[7]!));
  // ::ffff:0:a.b.c.d (IPv4-translated, SIIT): a translator reaches the IPv4 address too.
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return classifyIpv4(embeddedIpv4(g[6]!, g[7]!));
  // ::a.b.c.d (IPv4-compatible, deprecated).
  if (zeroUpTo(6)) return "reserved";
  // 64:ff9b::/96, NAT64: a translator reaches the embedded IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0))
    return classifyIpv4(embeddedIpv4(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return "reserved";
  // 2002::/16, 6to4: the IPv4 address is in the second and third groups.
  if (g[0] === 0x2002) return classifyIpv4(embeddedIpv4(g[1]!, g[2]!));
  if (g[0] === 0x2001 && g[1] === 0) return "reserved"; // Teredo
  if (g[0] === 0x2001 && g[1] === 0xdb8) return "documentation";
  if (g[0] === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return "reserved"; // discard-only
  if ((g[0]! & 0xfe00) === 0xfc00) return "unique local (private)";
  if ((g[0]! & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0]! & 0xffc0) === 0xfec0) return "site-local (private)";
  if ((g[0]! & 0xff00) === 0xff00) return "multicast";
  // Outside 2000::/3 (global unicast) and not an embedding handled above: nothing a webhook could
  // reach on the internet, so whatever range a future RFC gives it, it is refused.
  if ((g[0]! & 0xe000) !== 0x2000) return "reserved (not global unicast)";
  return null;
}

/**
 * Why webhooks may not be sent to this IP address ("loopback", "private", ...), or null when they
 * may. Anything that is not an IP address is refused as "not an IP address".
 */
export function blockedAddressReason(address: string): string | null {
  const version = isIP(address);
  if (version === 4) return classifyIpv4(ipv4ToNumber(address)!);
  if (version === 6) {
    const groups = parseIpv6(address);
    return groups ? classifyIpv6(groups) : "not an IP address";
  }
  return "not an IP address";
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

const systemLookup: LookupAll = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * The address to connect to for `hostname` (a URL's hostname; IPv6 literals in brackets), after
 * checking every address it resolves to unless `allowPrivate`. Throws AddressNotAllowedError, or
 * the resolver's error (unknown host).
 */
export async function resolveDeliveryAddress(
  hostname: string,
  options: { allowPrivate: boolean; lookup?: LookupAll },
): Promise<ResolvedAddress> {
  const host = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  const addresses = await (options.lookup ?? systemLookup)(host);
  if (addresses.length === 0) throw new Error(`${host} has no address.`);
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const reason = blockedAddressReason(address);
      if (reason)
        throw new AddressNotAllowedError(
          address === host ? `${address} (${reason})` : `${host} resolves to ${address} (${reason})`,
        );
    }
  }
  return addresses[0]!;
}

/**
 * Why a webhook URL could never be delivered to without WEBHOOKS_ALLOW_PRIVATE, or null: its host
 * is an IP literal the guard refuses, or a `localhost` name (always loopback, RFC 6761). Other
 * names are checked at each attempt, after resolution: what they resolve to may change.
 */
export function undeliverableUrlReason(url: string): string | null {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  const host = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  if (isIP(host)) {
    const reason = blockedAddressReason(host);
    return reason ? `${host} is ${withArticle(reason)} address` : null;
  }
  const name = host.replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return `${name} is a loopback name`;
  return null;
}

const withArticle = (reason: string) => (/^(?!uni)[aeiou]/.test(reason) ? `an ${reason}` : `a ${reason}`);
