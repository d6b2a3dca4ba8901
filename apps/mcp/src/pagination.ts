import { invalidParams } from './errors.js';

/**
 * `tools/list` pages. A cursor is opaque to clients (base64url of `tools:<offset>`) and stable: the surfaces are
 * fixed for the life of the process, so the same cursor always names the same page.
 */
const PREFIX = 'tools:';

const encodeCursor = (offset: number) => Buffer.from(`${PREFIX}${offset}`).toString('base64url');

function offsetOf(cursor: unknown, length: number, pageSize: number): number {
  if (cursor === undefined) return 0;
  const decoded = typeof cursor === 'string' ? Buffer.from(cursor, 'base64url').toString() : '';
  const offset = decoded.startsWith(PREFIX) ? Number(decoded.slice(PREFIX.length)) : Number.NaN;
  // Only cursors this server could have handed out: a page boundary inside the list, in canonical form.
  if (
    !Number.isInteger(offset) ||
    offset <= 0 ||
    offset >= length ||
    offset % pageSize !== 0 ||
    encodeCursor(offset) !== cursor
  ) {
    throw invalidParams(
      'Invalid cursor: pass back a nextCursor from an earlier tools/list answer, or none for the first page.',
    );
  }
  return offset;
}

export function pageOf<T>(
  items: readonly T[],
  cursor: unknown,
  pageSize: number,
): { readonly items: readonly T[]; readonly nextCursor?: string } {
  const offset = offsetOf(cursor, items.length, pageSize);
  const end = offset + pageSize;
  return end < items.length
    ? { items: items.slice(offset, end), nextCursor: encodeCursor(end) }
    : { items: items.slice(offset) };
}
