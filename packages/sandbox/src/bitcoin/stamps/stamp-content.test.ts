import { describe, expect, it } from 'vitest';
import { stampData, stampIdent, stampMimeType } from './stamp-content.js';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((value) => (typeof value === 'string' ? Buffer.from(value) : Buffer.from([value]))));

describe('stamp content', () => {
  it('reads "STAMP:" in any case, ignores whitespace in the base64, and refuses what does not decode', () => {
    expect(stampData('stamp:R0lG ODlh\n')).toMatchObject({ base64: 'R0lGODlh' });
    expect(stampData('STAMP:R0lGODlh')!.data.toString()).toBe('GIF89a');
    expect(stampData('STAMP:')).toBeUndefined();
    expect(stampData('STAMP:not base64!')).toBeUndefined();
    expect(stampData('STAMP:R0lGODlhA')).toBeUndefined();
    expect(stampData('my STAMP:R0lGODlh')).toBeUndefined();
  });

  it('types the data by its magic bytes, then its text', () => {
    expect(stampMimeType(bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0))).toBe('image/png');
    expect(stampMimeType(bytes('GIF87a'))).toBe('image/gif');
    expect(stampMimeType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(stampMimeType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(stampMimeType(bytes('BM', Buffer.alloc(30).toString()))).toBe('image/bmp');
    expect(stampMimeType(bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'image/svg+xml',
    );
    expect(stampMimeType(bytes('{"p":"src-20"}'))).toBe('application/json');
    expect(stampMimeType(bytes('[1,2]'))).toBe('text/plain');
    expect(stampMimeType(bytes(0xc3, 0x28))).toBe('application/octet-stream');
  });

  it('names the sub-protocol of JSON data from its "p", in any case', () => {
    const json = (text: string) => stampIdent(Buffer.from(text), 'application/json');
    expect(json('{"p":"SRC-20","op":"deploy"}')).toBe('SRC-20');
    expect(json('{"p":"src-721"}')).toBe('SRC-721');
    expect(json('{"p":"brc-20"}')).toBe('STAMP');
    expect(stampIdent(Buffer.from('{"p":"src-20"}'), 'text/plain')).toBe('STAMP');
  });
});
