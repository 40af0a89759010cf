/**
 * The network a client address belongs to, for limits that a guesser with many addresses cannot
 * spread out of: an IPv4 address's /24, an IPv6 address's /64 (what one subscriber or one cloud host
 * usually holds). An IPv4 address written as IPv6 (`::ffff:203.0.113.9`, as a dual-stack socket
 * reports it) is its IPv4 /24. Anything else (no address, not an address) is counted as "unknown".
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const [head = '', tail, ...more] = address.split('::');
  if (more.length > 0) return null;
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

export function clientNetwork(address: string | null | undefined): string {
  const text = (address ?? '').trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  const v4 = mapped ?? text;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  // A zone (fe80::1%eth0) names the interface, not the network.
  const v6 = text.split('%')[0] ?? '';
  if (isIPv6(v6)) {
    const groups = ipv6Groups(v6);
    if (groups)
      return `${groups
        .slice(0, 4)
        .map((group) => group.toString(16))
        .join(':')}::/64`;
  }
  return 'unknown';
}
