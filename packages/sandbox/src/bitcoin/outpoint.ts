/** An output's key in the ledger and every index: "txid:vout", as Bitcoin tools write it. */
export const outpoint = (txid: string, vout: number) => `${txid}:${vout}`;
