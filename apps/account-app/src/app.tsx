import { useState } from 'preact/hooks';
import { type Api, accountApi } from './api.js';
import { AccessKeys } from './screens/access-keys.js';
import { Activity } from './screens/activity.js';
import { Policy } from './screens/policy.js';
import { Tokens } from './screens/tokens.js';
import { Webhook } from './screens/webhook.js';
import { messageOf } from './use-load.js';
import { connect, injectedWallet, personalSign } from './wallet.js';

const TABS = {
  keys: { label: 'Access keys', Screen: AccessKeys },
  tokens: { label: 'Tokens', Screen: Tokens },
  policy: { label: 'Spending policy', Screen: Policy },
  activity: { label: 'Credit & calls', Screen: Activity },
  webhook: { label: 'Webhook', Screen: Webhook },
} as const;
type Tab = keyof typeof TABS;

/**
 * The account app: connect a browser wallet, then one screen at a time (each call is signed in with the wallet, so
 * a screen asks for a signature when it loads and for each change).
 */
export function App() {
  const [session, setSession] = useState<{ address: string; api: Api }>();
  const [problem, setProblem] = useState<string>();
  const [tab, setTab] = useState<Tab>('keys');

  const signIn = async () => {
    setProblem(undefined);
    const provider = injectedWallet();
    if (!provider) return setProblem('No browser wallet found: install one (an EIP-1193 wallet such as MetaMask).');
    try {
      const address = await connect(provider);
      setSession({ address, api: accountApi(address, personalSign(provider, address)) });
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  if (!session)
    return (
      <section class="sign-in">
        <h1>Your account</h1>
        <p>Sign in with your wallet: it signs a message (no transaction, no gas) for each change you make here.</p>
        <button type="button" onClick={() => void signIn()}>
          Sign in with wallet
        </button>
        {problem && <p role="alert">{problem}</p>}
      </section>
    );

  const { Screen } = TABS[tab];
  return (
    <>
      <header>
        <h1>Your account</h1>
        <p>
          Signed in as <code id="address">{session.address}</code>
        </p>
        <nav>
          {(Object.keys(TABS) as Tab[]).map((name) => (
            <button type="button" key={name} aria-pressed={tab === name} onClick={() => setTab(name)}>
              {TABS[name].label}
            </button>
          ))}
        </nav>
      </header>
      <Screen key={tab} api={session.api} />
    </>
  );
}
