// The sandbox's conditional-order engine, a subpath of its own so that live mode, which imports only the package's
// main entry, never loads the sandbox adapters.
export {
  type OrderEngineChains,
  sandboxMarketOf,
  sandboxOrderEngine,
  sandboxSwapExecutors,
} from './conditional-orders/sandbox-engine.js';
