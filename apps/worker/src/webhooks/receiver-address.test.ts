import type { LookupFunction } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../testing.js';
import { isInternalAddress, publicOnlyFetch, publicOnlyLookup } from './receiver-address.js';

/** A resolver answering every name with `addresses`. */
const resolvingTo = (...addresses: string[]) => (_name: string, _options: unknown, callback: (error: null, found: { address: string; family: number }[]) => void) =>
  callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

const lookUp = (lookup: LookupFunction, all: boolean) =>
  new Promise<unknown>((resolve, reject) => lookup('receiver.example', { all }, (error, address, family) => (error ? reject(error) : resolve(all ? address : { address, family }))));

describe('live webhook receivers reach public addresses only', () => {
  let receiver: TestReceiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it('isInternalAddress: loopback, private, CGNAT, link-local (metadata), unspecified and mapped addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '100.127.255.255', '169.254.169.254', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1']) {
      expect(isInternalAddress(ip), ip).toBe(true);
    }
    for (const ip of ['93.184.216.34', '172.32.0.1', '100.128.0.1', '8.8.8.8', '2606:4700::1111', 'receiver.example']) expect(isInternalAddress(ip), ip).toBe(false);
  });

  it('the lookup passes public answers through and refuses a name with any internal address', async () => {
    expect(await lookUp(publicOnlyLookup(resolvingTo('93.184.216.34')), false)).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await lookUp(publicOnlyLookup(resolvingTo('93.184.216.34', '2606:4700::1111')), true)).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
    await expect(lookUp(publicOnlyLookup(resolvingTo('93.184.216.34', '169.254.169.254')), false)).rejects.toMatchObject({
      code: 'EINTERNALADDRESS',
      message: expect.stringContaining('169.254.169.254'),
    });
  });

  it('a delivery to a name resolving to an internal address, or to an internal literal, never connects', async () => {
    receiver = await startTestReceiver();
    const port = new URL(receiver.url).port;
    const guarded = publicOnlyFetch(publicOnlyLookup(resolvingTo('127.0.0.1')));
    await expect(guarded(`http://receiver.example:${port}/hook`, { method: 'POST', body: '{}' })).rejects.toMatchObject({ cause: { code: 'EINTERNALADDRESS' } });
    await expect(guarded(receiver.url, { method: 'POST', body: '{}' })).rejects.toThrow('127.0.0.1 is an internal address');
    expect(receiver.received).toHaveLength(0);
  });

  it('the connection goes to the address the lookup answered (the plumbing the guard relies on)', async () => {
    receiver = await startTestReceiver();
    const port = new URL(receiver.url).port;
    const unguarded: LookupFunction = (_name, options, callback) =>
      options.all ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);
    const response = await publicOnlyFetch(unguarded)(`http://receiver.example:${port}/hook`, { method: 'POST', body: '{"ok":true}' });
    expect(response.status).toBe(200);
    expect(receiver.received.map((hook) => hook.body)).toEqual(['{"ok":true}']);
  });
});
