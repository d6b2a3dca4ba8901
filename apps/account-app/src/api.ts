import { SIGN_IN_WITH_X, type SignMessage, siwxProofFor } from './sign-in-with-x.js';

/** A refused call: the service's problem (`code`, `detail`) or what the browser saw. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type Api = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

/**
 * The account API as the signed-in wallet. The account routes take a single-use sign-in proof of their own URL, so
 * each call goes out, gets its 402 challenge, and goes again with the wallet's proof: each call asks the wallet to
 * sign. Answers are JSON; a refusal throws `ApiError` with the problem's code and detail.
 */
export function accountApi(address: string, sign: SignMessage): Api {
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const request = (proof?: string) =>
      fetch(path, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(proof ? { [SIGN_IN_WITH_X]: proof } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    let response = await request();
    if (response.status === 402) {
      const proof = await siwxProofFor(response, { address, sign, host: location.host });
      if (proof) response = await request(proof);
    }
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (response.ok) return body as T;
    const code = typeof body?.code === 'string' ? body.code : 'http_error';
    const detail = typeof body?.detail === 'string' ? body.detail : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, code, detail);
  };
}
