import {
  catalog,
  CATALOG_VERSION,
  openApiDocument,
  type PriceOverrides,
  priceOf,
  ServiceError,
  toolPath,
  toolRouteRecord,
} from '@svc/contracts';
import {
  amountInToken,
  bazaarExtensionOf,
  formatUnits,
  isPaymentTokenId,
  PAYMENT_TOKEN_IDS,
  PAYMENT_TOKENS,
  type PriceOracle,
  type PriceSnapshot,
} from '@svc/payments';
import { agentCardV03, agentCardV1 } from '@svc/a2a';
import type { FastifyInstance } from 'fastify';
import { type PathItem, serviceRoutes } from '../openapi-service-routes.js';
import { sendDocument, type StaticDocument, staticDocument } from '../etag.js';

export interface DiscoveryOptions {
  readonly publicBaseUrl: string;
  readonly priceOverrides: PriceOverrides;
  readonly oracle: PriceOracle;
  /** The OpenAPI description of the routes only the configured mode has (ModeResources.openApiPaths). */
  readonly modeOpenApiPaths?: Readonly<Record<string, PathItem>>;
}

/** The machine-readable descriptions of the service, each computed once at start and served with an ETag. */
export function discoveryRoutes(app: FastifyInstance, options: DiscoveryOptions): void {
  const { publicBaseUrl: base, priceOverrides } = options;
  const records = catalog.map((tool) => toolRouteRecord(tool, base, priceOverrides));
  const openapi = openApiDocument(catalog, {
    baseUrl: base,
    overrides: priceOverrides,
    serviceRoutes: serviceRoutes(app, options.modeOpenApiPaths),
  });

  const discover = staticDocument({ version: CATALOG_VERSION, x402Version: 2, count: records.length, tools: records });
  const wellKnownX402 = staticDocument({
    version: 1,
    x402Version: 2,
    resources: catalog.map((tool) => `${base}${toolPath(tool.name)}`),
    // Each resource as its 402 declares it to x402 Bazaar catalogs: input (body schema and example) and output.
    items: catalog.map((tool) => ({
      resource: `${base}${toolPath(tool.name)}`,
      type: 'http',
      x402Version: 2,
      description: tool.summary,
      extensions: bazaarExtensionOf(tool),
    })),
    instructions: `POST a JSON body to a resource; answer the 402 with PAYMENT-SIGNATURE. Catalog with input schemas: ${base}/api/tools/discover. OpenAPI: ${base}/openapi.json.`,
  });
  const openapiDocument = staticDocument(openapi);
  const registration = staticDocument({
    type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1',
    name: 'Multi-chain crypto tool service',
    description: `${catalog.length} pay-per-call tools for multi-chain crypto work (wallets, transfers, swaps, conditional orders, research), paid per call with x402, over REST, MCP and A2A.`,
    image: `${base}/icon.svg`,
    services: [
      { name: 'web', endpoint: `${base}/docs` },
      { name: 'MCP', endpoint: `${base}/api/mcp`, version: '2025-11-25' },
      { name: 'A2A', endpoint: `${base}/.well-known/agent-card.json`, version: '1.0' },
    ],
    x402Support: true,
    active: true,
    // No on-chain ERC-8004 identity has been minted for this deployment; an empty list claims none.
    registrations: [],
  });

  app.get('/api/tools/discover', (request, reply) => sendDocument(request, reply, discover));
  app.get('/.well-known/x402', (request, reply) => sendDocument(request, reply, wellKnownX402));
  app.get('/openapi.json', (request, reply) => sendDocument(request, reply, openapiDocument));
  app.get('/.well-known/agent-registration.json', (request, reply) => sendDocument(request, reply, registration));
  const cardV1 = staticDocument(agentCardV1(base));
  const cardV03 = staticDocument(agentCardV03(base));
  app.get('/.well-known/agent-card.json', (request, reply) => sendDocument(request, reply, cardV1));
  app.get('/.well-known/agent.json', (request, reply) => sendDocument(request, reply, cardV03));
  app.get('/icon.svg', (request, reply) => sendDocument(request, reply, ICON, 86_400));

  // Prices in STX and sBTC follow the oracle, so this document is rebuilt whenever the price snapshot changes.
  const pricing = new Map<string, { snapshot: PriceSnapshot; document: StaticDocument }>();
  app.get<{ Params: { token: string } }>('/api/tools/pricing/:token', async (request, reply) => {
    const { token } = request.params;
    if (!isPaymentTokenId(token)) {
      throw new ServiceError(
        'unknown_payment_token',
        `Unknown payment token "${token}". Use one of ${PAYMENT_TOKEN_IDS.join(', ')}.`,
        { extra: { token, tokens: PAYMENT_TOKEN_IDS } },
      );
    }
    const snapshot = await options.oracle.snapshot();
    let cached = pricing.get(token);
    if (cached?.snapshot !== snapshot) {
      const info = PAYMENT_TOKENS[token];
      cached = {
        snapshot,
        document: staticDocument({
          token,
          network: info.network,
          asset: info.asset,
          decimals: info.decimals,
          usdPerToken: info.quotedAs ? snapshot.prices[info.quotedAs] : '1',
          quotedAt: new Date(snapshot.asOf).toISOString(),
          tools: catalog.map((tool) => {
            const usd = priceOf(tool, priceOverrides);
            const atomic = amountInToken(usd, info, snapshot);
            return {
              name: tool.name,
              priceUsd: usd,
              amount: atomic,
              amountDecimal: formatUnits(BigInt(atomic), info.decimals),
            };
          }),
        }),
      };
      pricing.set(token, cached);
    }
    return sendDocument(request, reply, cached.document, 60);
  });
}

const ICON = staticDocument(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0b3d91"/><text x="32" y="41" font-family="monospace" font-size="22" fill="#fff" text-anchor="middle">402</text></svg>',
  'image/svg+xml',
);
