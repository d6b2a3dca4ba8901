/** HTTP paths shared by the gateway and every document that points at it. */
export const TOOL_PATH_PREFIX = '/api/tools/execute/unified/';
export const toolPath = (name: string) => `${TOOL_PATH_PREFIX}${name}`;
/** The account's credit: its balance and history (entries), including the refunds of failed paid calls. */
export const ACCOUNT_CREDIT_PATH = '/api/account/credit';

/** Catalog version published in the OpenAPI document (spec: Versioning 1). */
export const CATALOG_VERSION = '2.0.10';
