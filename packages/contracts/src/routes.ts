/** HTTP paths shared by the gateway and every document that points at it. */
export const TOOL_PATH_PREFIX = '/api/tools/execute/unified/';
export const toolPath = (name: string) => `${TOOL_PATH_PREFIX}${name}`;

/** Catalog version published in the OpenAPI document (spec: Versioning 1). */
export const CATALOG_VERSION = '2.0.10';
