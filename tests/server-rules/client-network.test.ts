import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../server/security/client-network.ts';

describe('clientNetwork: the /24 or /64 an address belongs to', () => {
  it.each([
    ['203.0.113.9', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['203.0.114.9', '203.0.114.0/24'],
    ['::ffff:203.0.113.9', '203.0.113.0/24'],
    ['2001:db8:5:7::1', '2001:db8:5:7::/64'],
    ['2001:0DB8:0005:0007:ffff:1:2:3', '2001:db8:5:7::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['', 'unknown'],
    [null, 'unknown'],
    ['not-an-address', 'unknown'],
    ['1.2.3', 'unknown'],
  ])('%s is in %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it('puts every address of one /64 together and a neighbouring /64 apart', () => {
    expect(clientNetwork('2001:db8:5:7:a::1')).toBe(clientNetwork('2001:db8:5:7:ffff:ffff:ffff:ffff'));
    expect(clientNetwork('2001:db8:5:7::1')).not.toBe(clientNetwork('2001:db8:5:8::1'));
  });
});
