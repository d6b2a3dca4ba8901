export {
  decodeLaunchLabConfig,
  decodeLaunchLabPool,
  initializeV2Instruction,
  LAUNCH_ACCOUNT_SIZES,
  LAUNCHLAB_PROGRAM_ADDRESS,
  LAUNCHLAB_TOKEN_DECIMALS,
  launchLabConfigAddress,
  type LaunchLabConfig,
  type LaunchLabCurve,
  type LaunchLabPool,
  launchLabPoolAddress,
  POOL_ACCOUNT_SIZE,
  POOL_OFFSETS,
  POOL_PREFIX_LENGTH,
  POOL_STATUS,
  RAYDIUM_LAUNCHLAB_PLATFORM,
} from './launchlab-program.js';
export { launchLabCurveOf, type PadCurveRequest } from './launchlab-curve.js';
