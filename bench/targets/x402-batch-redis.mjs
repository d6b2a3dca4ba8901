// The batch-settlement reference (bench/batch-reference.mjs) with the SDK's Redis channel storage: durable and
// shared between instances, as ours must be.
import { buildBatchReference } from '../batch-reference.mjs';

export const build = ({ sandbox }) => buildBatchReference({ sandbox, storage: 'redis' });
