/**
 * What a classic Bitcoin Stamp carries: a Counterparty issuance whose description is "STAMP:" (any case) followed by
 * base64 data (mikeinspace/stamps, BitcoinStamps.md). A description whose base64 does not decode is no stamp at all.
 * The content type is read from the data's own signature, as Stampchain's indexer does (it ignores file names).
 */
import { createHash } from 'node:crypto';

const STAMP_PREFIX = 'stamp:';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The data of a stamp description (whitespace inside the base64 ignored); undefined when it is no stamp. */
export function stampData(description: string): { readonly base64: string; readonly data: Buffer } | undefined {
  if (description.slice(0, STAMP_PREFIX.length).toLowerCase() !== STAMP_PREFIX) return undefined;
  const base64 = description.slice(STAMP_PREFIX.length).replace(/\s+/g, '');
  if (!BASE64.test(base64) || base64.length % 4 === 1) return undefined;
  const data = Buffer.from(base64, 'base64');
  // Node skips characters it cannot place; the data must re-encode to what was written (padding aside).
  if (data.length === 0 || data.toString('base64').replace(/=+$/, '') !== base64.replace(/=+$/, '')) return undefined;
  return { base64, data };
}

const startsWith = (data: Buffer, signature: string | number[], at = 0) =>
  data.subarray(at, at + signature.length).equals(Buffer.from(signature as string));

/** The MIME type of stamp data, from its magic bytes (images), else its text (SVG, JSON, plain text). */
export function stampMimeType(data: Buffer): string {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, 'GIF87a') || startsWith(data, 'GIF89a')) return 'image/gif';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) return 'image/webp';
  if (startsWith(data, 'BM') && data.length >= 26) return 'image/bmp';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data).trim();
  } catch {
    return 'application/octet-stream';
  }
  if (/^(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'image/svg+xml';
  if (jsonObject(text)) return 'application/json';
  return 'text/plain';
}

/** The JSON object a stamp's text holds, if it is one. */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The sub-protocol a stamp's data declares ("p" of its JSON), else a plain STAMP. */
export function stampIdent(data: Buffer, mimeType: string): 'STAMP' | 'SRC-20' | 'SRC-721' {
  if (mimeType !== 'application/json') return 'STAMP';
  const protocol = String(jsonObject(data.toString('utf8'))?.p ?? '').toLowerCase();
  return protocol === 'src-20' ? 'SRC-20' : protocol === 'src-721' ? 'SRC-721' : 'STAMP';
}

/** Stampchain's file_hash: the MD5 of the data, hex. */
export const fileHash = (data: Buffer) => createHash('md5').update(data).digest('hex');

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stampchain's stamp_hash is a 20-character alphanumeric id; the sandbox derives it from the transaction id. */
export function stampHash(txid: string): string {
  const digest = createHash('sha256').update(txid).digest();
  return [...digest.subarray(0, 20)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}
