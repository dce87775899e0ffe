import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address stands for, for limits that must not be dodged by changing address within it: an
 * IPv4 address itself (/32), and the /64 of an IPv6 address, which one home or phone usually gets whole (a client
 * can pick any of its 2^64 addresses). An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) is the IPv4 one.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const address = ip.split('%')[0] ?? ip;
  const [head = '', tail = ''] = address.includes('::') ? address.split('::') : [address, ''];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part counts as two groups; the /64 never reaches it unless the address is that short.
  const groups = address.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
