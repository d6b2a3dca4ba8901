import type { LookupFunction } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../testing.js';
import { isInternalAddress, isInternalHost, publicOnlyFetch, publicOnlyLookup } from './receiver-address.js';

/** A resolver answering every name with `addresses`. */
const resolvingTo =
  (...addresses: string[]) =>
  (_name: string, _options: unknown, callback: (error: null, found: { address: string; family: number }[]) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

const lookUp = (lookup: LookupFunction, all: boolean) =>
  new Promise<unknown>((resolve, reject) =>
    lookup('receiver.example', { all }, (error, address, family) =>
      error ? reject(error) : resolve(all ? address : { address, family }),
    ),
  );

describe('live webhook receivers reach public addresses only', () => {
  let receiver: TestReceiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv4 private 10/8', '10.1.2.3'],
    ['IPv4 private 172.16/12, low end', '172.16.0.1'],
    ['IPv4 private 172.16/12, high end', '172.31.255.255'],
    ['IPv4 private 192.168/16', '192.168.1.1'],
    ['shared address space (CGNAT), low end', '100.64.0.1'],
    ['shared address space (CGNAT), high end', '100.127.255.255'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['IPv4 unspecified', '0.0.0.0'],
    ['IETF protocol assignments 192.0.0.0/24', '192.0.0.8'],
    ['IETF protocol assignments 192.0.0.0/24, high end', '192.0.0.255'],
    ['IPv4 broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['unique local fc00::/7', 'fd00::1'],
    ['link-local fe80::', 'fe80::1'],
    ['link-local fe80::/10 beyond fe80::', 'fe9a::1'],
    ['link-local fe80::/10, high end', 'febf:ffff::1'],
    ['site-local fec0::/10', 'fec0::1'],
    ['site-local fec0::/10, high end', 'feff::1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped loopback in hex', '::ffff:7f00:1'],
    ['IPv4-compatible loopback in hex', '::7f00:1'],
    ['IPv4-compatible loopback dotted', '::127.0.0.1'],
    ['NAT64 64:ff9b::/96 of loopback', '64:ff9b::7f00:1'],
    ['NAT64 64:ff9b::/96 of a private address', '64:ff9b::10.0.0.1'],
    ['6to4 2002::/16 of loopback', '2002:7f00:1::'],
    ['6to4 2002::/16 of a private address', '2002:c0a8:101::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv6 documentation', '2001:db8::1'],
  ])('isInternalAddress refuses %s (%s)', (_form, ip) => {
    expect(isInternalAddress(ip)).toBe(true);
    expect(isInternalHost(ip.includes(':') ? `[${ip}]` : ip)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '8.8.8.8',
    '2606:4700::1111',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '::ffff:8.8.8.8',
    'receiver.example',
  ])('isInternalAddress lets the public address %s through', (ip) => expect(isInternalAddress(ip)).toBe(false));

  it('isInternalHost refuses localhost names, a trailing root dot included', () => {
    for (const host of ['localhost', 'localhost.', 'api.localhost', 'api.localhost.'])
      expect(isInternalHost(host), host).toBe(true);
    expect(isInternalHost('receiver.example.')).toBe(false);
  });

  it('the lookup passes public answers through and refuses a name with any internal address', async () => {
    expect(await lookUp(publicOnlyLookup(resolvingTo('93.184.216.34')), false)).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    expect(await lookUp(publicOnlyLookup(resolvingTo('93.184.216.34', '2606:4700::1111')), true)).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
    await expect(
      lookUp(publicOnlyLookup(resolvingTo('93.184.216.34', '169.254.169.254')), false),
    ).rejects.toMatchObject({
      code: 'EINTERNALADDRESS',
      message: expect.stringContaining('169.254.169.254'),
    });
  });

  it('a delivery to a name resolving to an internal address, or to an internal literal, never connects', async () => {
    receiver = await startTestReceiver();
    const port = new URL(receiver.url).port;
    const guarded = publicOnlyFetch(publicOnlyLookup(resolvingTo('127.0.0.1')));
    await expect(guarded(`http://receiver.example:${port}/hook`, { method: 'POST', body: '{}' })).rejects.toMatchObject(
      { cause: { code: 'EINTERNALADDRESS' } },
    );
    await expect(guarded(receiver.url, { method: 'POST', body: '{}' })).rejects.toThrow(
      '127.0.0.1 is an internal address',
    );
    expect(receiver.received).toHaveLength(0);
  });

  it('the connection goes to the address the lookup answered (the plumbing the guard relies on)', async () => {
    receiver = await startTestReceiver();
    const port = new URL(receiver.url).port;
    const unguarded: LookupFunction = (_name, options, callback) =>
      options.all
        ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
            { address: '127.0.0.1', family: 4 },
          ])
        : callback(null, '127.0.0.1', 4);
    const response = await publicOnlyFetch(unguarded)(`http://receiver.example:${port}/hook`, {
      method: 'POST',
      body: '{"ok":true}',
    });
    expect(response.status).toBe(200);
    expect(receiver.received.map((hook) => hook.body)).toEqual(['{"ok":true}']);
  });
});
