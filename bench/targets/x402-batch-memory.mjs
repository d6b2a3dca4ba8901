// The batch-settlement reference (bench/batch-reference.mjs) with the SDK's default in-memory channel storage:
// neither durable nor shared, reported beside the Redis one.
import { buildBatchReference } from '../batch-reference.mjs';

export const build = ({ sandbox }) => buildBatchReference({ sandbox, storage: 'memory' });
