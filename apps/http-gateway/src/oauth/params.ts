import type { FastifyInstance } from 'fastify';
import { OAuthError } from './errors.js';

/** The parameters of an OAuth request (query or form body): each present at most once, never empty. */
export type OAuthParams = Readonly<Partial<Record<string, string>>>;

/**
 * `application/x-www-form-urlencoded` bodies (token, revocation and consent form requests), parsed into the same
 * shape Fastify gives query strings: a repeated name becomes an array, which `oauthParams` then refuses.
 */
export function addFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    // No prototype: a parameter named __proto__ must stay a parameter.
    const fields: Record<string, string | string[]> = Object.create(null);
    for (const [name, value] of new URLSearchParams(body as string)) {
      const previous = fields[name];
      fields[name] = previous === undefined ? value : [previous, value].flat();
    }
    done(null, fields);
  });
}

/**
 * The request's parameters, checked as RFC 6749 §3.1 asks: a parameter sent twice is an `invalid_request`, and one
 * sent without a value counts as omitted.
 */
export function oauthParams(source: unknown): OAuthParams {
  if (typeof source !== 'object' || source === null || Array.isArray(source))
    throw new OAuthError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded.');
  const params: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(source)) {
    if (Array.isArray(value))
      throw new OAuthError('invalid_request', `The parameter ${name} is repeated; send it once.`);
    if (typeof value !== 'string') throw new OAuthError('invalid_request', `The parameter ${name} must be a string.`);
    if (value !== '') params[name] = value;
  }
  return params;
}

/** A parameter the request cannot do without. */
export function requiredParam(params: OAuthParams, name: string): string {
  const value = params[name];
  if (value === undefined) throw new OAuthError('invalid_request', `The parameter ${name} is required.`);
  return value;
}
