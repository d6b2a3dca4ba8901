import { z } from 'zod';

/** Where a setting has an effect: in both modes, or only in one (sandbox mode ignores the live chains' settings). */
export type SettingMode = 'both' | 'sandbox' | 'live';

export interface SettingDoc {
  readonly description: string;
  readonly mode: SettingMode;
  /** The default when loadConfig computes it rather than the schema (e.g. from another setting or the mode). */
  readonly defaultText?: string;
}

/**
 * The documentation of every setting, attached to its schema in config.ts. It lives in this leaf module so the
 * configuration reference generator reads it without importing anything config.ts does not.
 */
export const settingDocs = z.registry<SettingDoc>();
