import { createHash } from 'node:crypto';
import {
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  isAddress as isSolanaAddress,
  type KeyPairSigner,
  createKeyPairSignerFromPrivateKeyBytes,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import {
  type Address,
  createWalletClient,
  erc20Abi,
  getAddress,
  type Hash,
  http,
  isAddress as isEvmAddress,
  keccak256,
  parseAbiItem,
  stringToHex,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { SandboxEvmMarket } from '../evm/sandbox-market.js';
import type { BitcoinSandboxLedger } from '../bitcoin/ledger.js';
import type { HederaSandboxLedger } from '../hedera/ledger.js';
import type { SandboxSolana } from '../solana/sandbox-solana.js';
import { bitcoinLeg } from './bitcoin-leg.js';
import { hederaLeg } from './hedera-leg.js';
import { type CrossChainAsset, type CrossChainNetwork, EVM_CHAIN_ID, isEvmNetwork } from './assets.js';
import type { ChainLeg, ChainLegs } from './chain-leg.js';

const MEMO_PROGRAM_ADDRESS = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

const seedOf = (label: string) => `svc.sandbox.cross-chain:${label}`;

/** One EVM anvil's leg: viem over its RPC, one operator key per label, transactions of one key in order. */
export function evmLeg(market: () => Promise<SandboxEvmMarket>): ChainLeg {
  const accounts = new Map<string, PrivateKeyAccount>();
  const accountOf = (label: string) => {
    let account = accounts.get(label);
    if (!account) accounts.set(label, (account = privateKeyToAccount(keccak256(stringToHex(seedOf(label))))));
    return account;
  };
  let queue: Promise<unknown> = Promise.resolve();
  const inOrder = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    addressOf: async (label) => accountOf(label).address,
    isAddress: (text) => isEvmAddress(text, { strict: false }),
    async balanceOf(owner, asset) {
      const { chain } = await market();
      return asset.address === null
        ? chain.publicClient.getBalance({ address: owner as Address })
        : chain.publicClient.readContract({
            address: asset.address as Address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [owner as Address],
          });
    },
    priceUsd: async (asset) => (await market()).tokenPriceUsd(asset.address ?? asset.symbol),
    pay: (label, to, asset, atomic) =>
      inOrder(async () => {
        const { chain } = await market();
        const wallet = createWalletClient({
          account: accountOf(label),
          chain: chain.chain,
          transport: http(chain.rpcUrl, { retryCount: 0 }),
        });
        const hash: Hash =
          asset.address === null
            ? await wallet.sendTransaction({ to: getAddress(to), value: atomic })
            : await wallet.writeContract({
                address: asset.address as Address,
                abi: erc20Abi,
                functionName: 'transfer',
                args: [getAddress(to), atomic],
              });
        const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
        if (receipt.status !== 'success') throw new Error(`operator transaction ${hash} reverted`);
        return hash;
      }),
    async fund(label, asset, atomic) {
      const evm = await market();
      const owner = accountOf(label).address;
      if (asset.address === null) return evm.chain.setNativeBalance(owner, atomic);
      const token = evm.token(asset.address);
      if (!token) throw new Error(`${asset.symbol} is not a seeded token of chain ${asset.chainId}`);
      await evm.fund(owner, token, atomic);
    },
    async incomingTransaction(owner, asset) {
      const { chain } = await market();
      const client = chain.publicClient;
      if (asset.address !== null) {
        const logs = await client.getLogs({
          address: asset.address as Address,
          event: TRANSFER_EVENT,
          args: { to: owner as Address },
          fromBlock: 0n,
        });
        return logs.at(-1)?.transactionHash ?? undefined;
      }
      // A native payment leaves no log: the latest blocks are searched (a sandbox chain mines one block a transaction).
      const latest = await client.getBlockNumber();
      for (let number = latest; number >= 0n && number > latest - 200n; number--) {
        const block = await client.getBlock({ blockNumber: number, includeTransactions: true });
        const paid = block.transactions.find((tx) => tx.to?.toLowerCase() === owner.toLowerCase() && tx.value > 0n);
        if (paid) return paid.hash;
      }
      return undefined;
    },
    async transaction(hash) {
      const { chain } = await market();
      const client = chain.publicClient;
      const receipt = await client.getTransactionReceipt({ hash: hash as Hash }).catch(() => undefined);
      if (!receipt) return undefined;
      const tx = await client.getTransaction({ hash: hash as Hash });
      return { from: tx.from, to: tx.to, value: tx.value, input: tx.input, succeeded: receipt.status === 'success' };
    },
  };
}

/** The Solana leg: @solana/kit over the sandbox JSON-RPC facade (transactions land when sent). */
export function solanaLeg(solana: SandboxSolana): ChainLeg {
  const rpc = createSolanaRpc(solana.rpcUrl);
  const signers = new Map<string, Promise<KeyPairSigner>>();
  const signerOf = (label: string) => {
    let signer = signers.get(label);
    if (!signer) {
      const seed = new Uint8Array(createHash('sha256').update(seedOf(label)).digest());
      signers.set(label, (signer = createKeyPairSignerFromPrivateKeyBytes(seed)));
    }
    return signer;
  };
  const ownerAccount = async (owner: string, asset: CrossChainAsset) =>
    asset.address === null
      ? address(owner)
      : (
          await findAssociatedTokenPda({
            owner: address(owner),
            mint: address(asset.address),
            tokenProgram: TOKEN_PROGRAM_ADDRESS,
          })
        )[0];
  return {
    addressOf: async (label) => (await signerOf(label)).address,
    isAddress: (text) => isSolanaAddress(text),
    balanceOf: (owner, asset) =>
      asset.address === null ? solana.solBalance(owner) : solana.tokenBalance(owner, asset.address),
    priceUsd: (asset) => solana.tokenPriceUsd(asset.address ?? 'SOL'),
    async pay(label, to, asset, atomic, memo) {
      const from = await signerOf(label);
      const instructions: Instruction[] = [];
      if (asset.address === null) {
        instructions.push(getTransferSolInstruction({ source: from, destination: address(to), amount: atomic }));
      } else {
        const mint = address(asset.address);
        instructions.push(
          await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: from, owner: address(to), mint }),
          getTransferCheckedInstruction({
            source: await ownerAccount(from.address, asset),
            mint,
            destination: await ownerAccount(to, asset),
            authority: from,
            amount: atomic,
            decimals: asset.decimals,
          }),
        );
      }
      // The memo names the exchange: two equal payments are then still two transactions.
      instructions.push({ programAddress: MEMO_PROGRAM_ADDRESS, data: new TextEncoder().encode(memo) });
      const { value: blockhash } = await rpc.getLatestBlockhash().send();
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(from, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      );
      const signed = await signTransactionMessageWithSigners(message);
      const signature = getSignatureFromTransaction(signed);
      await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
      const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
      if (!status || status.err)
        throw new Error(`operator transaction ${signature} did not land: ${String(status?.err)}`);
      return signature;
    },
    async fund(label, asset, atomic) {
      const owner = (await signerOf(label)).address;
      if (asset.address === null) await solana.airdrop(owner, atomic);
      else await solana.mintToken(owner, asset.address, atomic);
    },
    async incomingTransaction(owner, asset) {
      const account = await ownerAccount(owner, asset);
      const [latest] = await rpc.getSignaturesForAddress(account, { limit: 1 }).send();
      return latest?.signature;
    },
    // The router takes deposits on EVM chains only.
    transaction: async () => undefined,
  };
}

/** The leg of every served network over the sandbox chains. */
export function sandboxChainLegs(chains: {
  evm: (chainId: number) => Promise<SandboxEvmMarket>;
  solana: SandboxSolana;
  hedera: () => Promise<HederaSandboxLedger>;
  bitcoin: BitcoinSandboxLedger;
}): ChainLegs {
  const legs = {} as Record<CrossChainNetwork, ChainLeg>;
  for (const network of Object.keys(EVM_CHAIN_ID) as CrossChainNetwork[])
    if (isEvmNetwork(network)) legs[network] = evmLeg(() => chains.evm(EVM_CHAIN_ID[network]));
  legs.sol = solanaLeg(chains.solana);
  legs.hbar = hederaLeg(chains.hedera);
  legs.btc = bitcoinLeg(chains.bitcoin, () => chains.evm(EVM_CHAIN_ID.eth));
  return legs;
}
