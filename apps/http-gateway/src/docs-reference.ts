import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';

export interface DocsReferenceOptions {
  readonly mode: 'sandbox' | 'live';
}

/**
 * The human docs page at /docs/: Scalar's API reference rendered in the browser from /openapi.json (search, a table of
 * contents by tool group, deep links, try-it). Everything it loads is served from here (its bundle from the plugin at
 * /docs/js/scalar.js, no web fonts, no telemetry, no proxy, no MCP or agent add-ons), so the page works offline.
 * Try-it sends requests straight to this service, so it is offered in sandbox mode only: in live mode a request would
 * ask for real payment.
 */
export async function registerDocsReference(app: FastifyInstance, options: DocsReferenceOptions): Promise<void> {
  await app.register(scalarApiReference, {
    routePrefix: '/docs',
    logLevel: 'warn',
    configuration: {
      url: '/openapi.json',
      pageTitle: 'Multi-chain crypto tool service — API',
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      showDeveloperTools: 'never',
      mcp: { disabled: true },
      agent: { disabled: true },
      // Try-it calls the service that serves the page, whatever PUBLIC_BASE_URL says (the curl lines use the same).
      servers: [{ url: '/', description: 'This service' }],
      hideTestRequestButton: options.mode !== 'sandbox',
      defaultOpenFirstTag: true,
    },
  });
}
