import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../src/lib/client-network.ts';

describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is (/32)', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('203.0.113.8')).toBe('203.0.113.8');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const net = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:0000:0000:0000:0064',
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:c:d',
      '2001:db8:1:2::10.0.0.1',
    ]) {
      expect(clientNetwork(ip), ip).toBe(net);
    }
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    expect(clientNetwork('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientNetwork('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(clientNetwork('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
    // Two mapped addresses are two clients, as the IPv4 addresses are.
    expect(clientNetwork('::ffff:192.0.2.2')).toBe('192.0.2.2');
  });

  it('gives 100 addresses of one /64 one network, and the next /64 another', () => {
    const nets = new Set(Array.from({ length: 100 }, (_, i) => clientNetwork(`2001:db8:1:2::${(i + 1).toString(16)}`)));
    expect([...nets]).toEqual(['2001:db8:1:2::/64']);
    expect(clientNetwork('2001:db8:1:2::1')).not.toBe(clientNetwork('2001:db8:1:1::1'));
  });

  it('keeps anything that is not an address as its own key, bounded', () => {
    expect(clientNetwork('not an address')).toBe('not an address');
    expect(clientNetwork(` ${'x'.repeat(500)} `)).toHaveLength(64);
  });
});
