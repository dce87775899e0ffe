import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address belongs to, as every limit and visitor identity counts it (ADR 019):
 * an IPv4 address on its own (/32), an IPv6 address by its /64 — the prefix one home connection,
 * phone or server is given, so its 2^64 addresses are one client, not 2^64 — and an IPv4-mapped
 * IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4 client) as the IPv4
 * address it carries. The result is a short canonical string (`192.0.2.1`, `2001:db8:1:2::/64`);
 * anything that is not an address (a proxy that sent garbage) is kept as it was, trimmed and bounded,
 * so it still keys a limit of its own.
 */
export function clientNetwork(address: string): string {
  const ip = address.trim().slice(0, 64);
  if (isIPv4(ip)) return ip;
  // A zone index (fe80::1%eth0) names the interface, not the client.
  const bare = ip.split('%', 1)[0] ?? ip;
  if (!isIPv6(bare)) return ip;
  const words = ipv6Words(bare);
  const [, , , , , mapped = 0, high = 0, low = 0] = words;
  if (words.slice(0, 5).every((w) => w === 0) && mapped === 0xffff) {
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${words
    .slice(0, 4)
    .map((w) => w.toString(16))
    .join(':')}::/64`;
}

/** The network a request comes from (its `ip`, which honours TRUST_PROXY), as every limit counts it. */
export function requestNetwork(request: { ip: string }): string {
  return clientNetwork(request.ip);
}

/** The eight 16-bit words of a valid IPv6 address (with `::` expanded and a trailing dotted IPv4 read). */
function ipv6Words(ip: string): number[] {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 part (`::ffff:192.0.2.1`): the address is valid, so it is four numbers after the last colon.
  const lastColon = text.lastIndexOf(':');
  const tailPart = text.slice(lastColon + 1);
  if (tailPart.includes('.')) {
    const [a, b, c, d] = tailPart.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((w) => Number.parseInt(w, 16));
}
