import type { Migration } from './migration.js';
import { callLedger } from './0001_call_ledger.js';
import { paymentClaims } from './0002_payment_claims.js';
import { identity } from './0003_identity.js';
import { idempotency } from './0004_idempotency.js';
import { accessKeys } from './0005_access_keys.js';
import { memories } from './0006_memories.js';
import { oauth } from './0007_oauth.js';
import { accountCredit } from './0008_account_credit.js';
import { spendingPolicies } from './0009_spending_policies.js';
import { vaultKeys } from './0010_vault_keys.js';
import { accountSettings } from './0011_account_settings.js';
import { trackedWallets } from './0012_tracked_wallets.js';
import { a2aTasks } from './0013_a2a_tasks.js';
import { vaults } from './0014_vaults.js';
import { conditionalOrders } from './0015_conditional_orders.js';
import { sandboxPrices } from './0016_sandbox_prices.js';
import { orderChangeNotices } from './0017_order_change_notices.js';
import { cheaperOrderClaims } from './0018_cheaper_order_claims.js';
import { orderTxLifetime } from './0019_order_tx_lifetime.js';
import { settlementIntents } from './0020_settlement_intents.js';
import { callRefunds } from './0021_call_refunds.js';
import { unpricedMoves } from './0022_unpriced_moves.js';
import { sealedWebhookSecrets } from './0023_sealed_webhook_secrets.js';
import { orderNotifications } from './0024_order_notifications.js';
import { accessKeyToolsFilter } from './0025_access_key_tools_filter.js';
import { userTokens } from './0026_user_tokens.js';
import { upstreamSpend } from './0027_upstream_spend.js';
import { paymentChannels } from './0028_payment_channels.js';

export const migrations: readonly Migration[] = [
  callLedger,
  paymentClaims,
  identity,
  idempotency,
  accessKeys,
  memories,
  oauth,
  accountCredit,
  spendingPolicies,
  vaultKeys,
  accountSettings,
  trackedWallets,
  a2aTasks,
  vaults,
  conditionalOrders,
  sandboxPrices,
  orderChangeNotices,
  cheaperOrderClaims,
  orderTxLifetime,
  settlementIntents,
  callRefunds,
  unpricedMoves,
  sealedWebhookSecrets,
  orderNotifications,
  accessKeyToolsFilter,
  userTokens,
  upstreamSpend,
  paymentChannels,
];
