import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A document serialized once, with a strong ETag, for conditional GETs. */
export interface StaticDocument {
  readonly body: string;
  readonly etag: string;
  readonly contentType: string;
}

export function staticDocument(value: unknown, contentType = 'application/json; charset=utf-8'): StaticDocument {
  const body = typeof value === 'string' ? value : JSON.stringify(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, contentType };
}

/** Send a document, or 304 when the client already holds this version. */
export function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  document: StaticDocument,
  maxAgeSeconds = 300,
): FastifyReply {
  reply.header('etag', document.etag).header('cache-control', `public, max-age=${maxAgeSeconds}`);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === document.etag)) return reply.code(304).send();
  return reply.type(document.contentType).send(document.body);
}
