// The caller's network address. Next.js route handlers cannot see the socket, so the app's own
// HTTP server stamps the peer address on each request before Next.js routes it (stampPeerAddress),
// and the rate limits read it back (clientAddress). The stamp carries a secret made when this
// process starts, so a client cannot forge it: a header the client sent under that name is
// overwritten, and one that reached the handler some other way (no app server) does not match.
//
// X-Forwarded-For is read only behind proxies the operator trusts (TRUSTED_PROXIES): a client can
// write anything into it, so only the hops appended by trusted proxies mean something.
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";

export const PEER_HEADER = "x-dsb-peer";
// In process.env rather than a module variable: the server and the route handlers load this file
// as different module instances (the server from source, Next.js from its bundle).
const SECRET_ENV = "DSB_PEER_STAMP_SECRET";
/** The address of requests nobody stamped (handler unit tests, `next dev`): one shared budget. */
export const UNKNOWN_ADDRESS = "unknown";
// An address is at most 45 characters (IPv6 with an embedded IPv4); a zone id or a port adds a
// little. Anything longer is not an address.
const MAX_ADDRESS_LENGTH = 64;
// How many X-Forwarded-For hops are ever looked at, and how many characters of the header: a
// longer chain is a client writing noise on the left, which is never read anyway.
const MAX_HOPS = 32;
const MAX_FORWARDED_CHARS = MAX_HOPS * (MAX_ADDRESS_LENGTH + 2);

function stampSecret(): string {
  return (process.env[SECRET_ENV] ||= randomBytes(24).toString("base64url"));
}

/**
 * An IP address in its canonical written form (IPv4-mapped IPv6 as IPv4, no brackets, port or
 * zone), or null when the text is not one.
 */
export function normalizeAddress(text: string | undefined | null): string | null {
  if (!text) return null;
  let value = text.trim();
  if (!value || value.length > MAX_ADDRESS_LENGTH) return null;
  // "[v6]:port" and "v4:port", as some proxies write them.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.indexOf(":"));
  value = value.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped) value = mapped[1]!;
  return isIP(value) ? value : null;
}

/** Called by the app's HTTP server for every request, before Next.js sees it. */
export function stampPeerAddress(req: IncomingMessage): void {
  const address = normalizeAddress(req.socket?.remoteAddress) ?? UNKNOWN_ADDRESS;
  // Any copy the client sent goes, from the parsed headers and from the raw list alike.
  const raw = req.rawHeaders;
  if (Array.isArray(raw)) {
    for (let i = raw.length - 2; i >= 0; i -= 2) {
      if (raw[i]!.toLowerCase() === PEER_HEADER) raw.splice(i, 2);
    }
  }
  req.headers[PEER_HEADER] = `${stampSecret()} ${address}`;
}

/** The socket address stamped by the app's server, or null when the stamp is missing or forged. */
function stampedPeer(headers: Headers): string | null {
  const value = headers.get(PEER_HEADER);
  if (!value) return null;
  const space = value.indexOf(" ");
  if (space < 0) return null;
  const sent = Buffer.from(value.slice(0, space));
  const expected = Buffer.from(stampSecret());
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return null;
  return normalizeAddress(value.slice(space + 1));
}

/** The proxies whose X-Forwarded-For hops are believed: a number of hops, or a set of addresses. */
export type TrustedProxies = { hops: number } | { addresses: BlockList };

const parsedSettings = new Map<string, TrustedProxies>();

/**
 * TRUSTED_PROXIES: unset or 0 trusts no proxy (the socket address is the client); a number N
 * trusts the N nearest hops; otherwise a comma-separated list of addresses and CIDR ranges.
 * Entries that are not addresses are ignored (and said so once), never trusted.
 */
export function trustedProxies(setting = process.env.TRUSTED_PROXIES ?? ""): TrustedProxies {
  const cached = parsedSettings.get(setting);
  if (cached) return cached;
  let parsed: TrustedProxies;
  const trimmed = setting.trim();
  if (/^\d+$/.test(trimmed)) parsed = { hops: Math.min(Number(trimmed), MAX_HOPS) };
  else if (!trimmed) parsed = { hops: 0 };
  else {
    const addresses = new BlockList();
    for (const entry of trimmed
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean)) {
      const [base, prefix] = entry.split("/");
      const address = normalizeAddress(base);
      const type = address && isIP(address) === 6 ? "ipv6" : "ipv4";
      const bits = prefix === undefined ? null : Number(prefix);
      if (
        !address ||
        (bits !== null && !(Number.isInteger(bits) && bits >= 0 && bits <= (type === "ipv6" ? 128 : 32)))
      ) {
        console.warn(`TRUSTED_PROXIES: ignoring "${entry.slice(0, 80)}" (not an address or CIDR range).`);
        continue;
      }
      if (bits === null) addresses.addAddress(address, type);
      else addresses.addSubnet(address, bits, type);
    }
    parsed = { addresses };
  }
  parsedSettings.set(setting, parsed);
  return parsed;
}

function isTrusted(address: string, position: number, trust: TrustedProxies): boolean {
  if ("hops" in trust) return position < trust.hops;
  return trust.addresses.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/**
 * The address rate limits count the request against: the socket's peer, or, behind trusted
 * proxies, the nearest X-Forwarded-For hop that is not a trusted proxy (walking from the right:
 * hops on the left were written by whoever sent the request and prove nothing).
 */
export function clientAddress(request: Request, trust: TrustedProxies = trustedProxies()): string {
  const peer = stampedPeer(request.headers);
  // Without the app's server nobody vouches for the nearest hop, so no forwarded hop is believed.
  if (!peer) return UNKNOWN_ADDRESS;
  if (!isTrusted(peer, 0, trust)) return peer;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "").slice(-MAX_FORWARDED_CHARS);
  const hops = forwarded.split(",").slice(-MAX_HOPS).reverse();
  let nearest = peer;
  for (const [index, hop] of hops.entries()) {
    const address = normalizeAddress(hop);
    // A hop that is not an address was not written by a trusted proxy: stop at the last good one.
    if (!address) return nearest;
    if (!isTrusted(address, index + 1, trust)) return address;
    nearest = address;
  }
  return nearest;
}

/**
 * The rate-limit key of an address. An IPv6 client usually holds a whole /64 and can pick a new
 * address in it for every request, so IPv6 addresses share their /64's budget.
 */
/** The client address's bucket (`addressBucket`), or null when no trusted hop vouches for it. */
export function knownClientAddress(request: Request): string | null {
  const address = clientAddress(request);
  return address === UNKNOWN_ADDRESS ? null : addressBucket(address);
}

export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIpv6(address: string): string[] {
  let text = address;
  // An embedded IPv4 tail becomes its two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16).toString(16));
}

/**
 * The headers that carry the caller's address, for a request the app makes to its own handler on
 * the caller's behalf (the checkout page's first render), so it counts against their budget.
 */
export function addressHeaders(incoming: Pick<Headers, "get">): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [PEER_HEADER, "x-forwarded-for"]) {
    const value = incoming.get(name);
    if (value) out[name] = value;
  }
  return out;
}
