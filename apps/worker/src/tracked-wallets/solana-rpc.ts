/** A minimal Solana JSON-RPC client (fetch), for the few read methods the watcher needs; numbers stay JSON numbers. */
export interface SolanaRpcClient {
  call<T>(method: string, params: readonly unknown[]): Promise<T>;
}

const TIMEOUT_MS = 10_000;

export function solanaRpcClient(url: string): SolanaRpcClient {
  let id = 0;
  return {
    async call<T>(method: string, params: readonly unknown[]): Promise<T> {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Solana RPC ${method} answered HTTP ${response.status}`);
      const body = (await response.json()) as { result?: T; error?: { code: number; message: string } };
      if (body.error) throw new Error(`Solana RPC ${method} failed: ${body.error.code} ${body.error.message}`);
      return body.result as T;
    },
  };
}
