import { CATALOG_VERSION, catalog, groupSkills } from '@svc/contracts';
import { A2A_PATH, X402_A2A_EXTENSION } from './protocol.js';

const DESCRIPTION =
  `${catalog.length} pay-per-call tools for multi-chain crypto work: wallets, balances, transfers, swaps, conditional orders, ` +
  'memory, wallet tracking, market research, launchpads, perps reads, prediction markets, Bitcoin ordinals/runes, NFTs and vaults. ' +
  'Send a DataPart {"tool": "<name>", "input": {...}} or the text "/<tool> <json>". Wallet-modifying tools wait for explicit approval.';

function skills() {
  return groupSkills(catalog).map(({ id, name, description, tags, examples }) => ({
    id,
    name,
    description,
    tags: [...tags],
    examples: [...examples],
  }));
}

/** Agent card in the A2A 1.0 (ProtoJSON) shape, served at /.well-known/agent-card.json. */
export function agentCardV1(baseUrl: string) {
  return {
    name: 'Multi-chain crypto tool service',
    description: DESCRIPTION,
    supportedInterfaces: [
      { url: `${baseUrl}${A2A_PATH}`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${baseUrl}${A2A_PATH}`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ],
    provider: { organization: 'svc', url: baseUrl },
    version: CATALOG_VERSION,
    documentationUrl: `${baseUrl}/docs`,
    iconUrl: `${baseUrl}/icon.svg`,
    capabilities: {
      streaming: false,
      pushNotifications: false,
      extensions: [
        { uri: X402_A2A_EXTENSION, description: 'Pay per call with x402 inside A2A messages.', required: false },
      ],
    },
    securitySchemes: {
      apiKey: { apiKeySecurityScheme: { location: 'header', name: 'x-api-key', description: 'Vault access key.' } },
      bearer: {
        httpAuthSecurityScheme: {
          scheme: 'Bearer',
          bearerFormat: 'JWT',
          description: 'User-issued or OAuth 2.0 (authorization code + PKCE) token.',
        },
      },
    },
    securityRequirements: [{ schemes: { apiKey: { list: [] } } }, { schemes: { bearer: { list: [] } } }],
    defaultInputModes: ['application/json', 'text/plain'],
    defaultOutputModes: ['application/json', 'text/plain'],
    skills: skills(),
  };
}

/** The same agent in the A2A 0.3 shape, served at the legacy alias /.well-known/agent.json. */
export function agentCardV03(baseUrl: string) {
  const v1 = agentCardV1(baseUrl);
  return {
    protocolVersion: '0.3.0',
    name: v1.name,
    description: v1.description,
    url: `${baseUrl}${A2A_PATH}`,
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [{ url: `${baseUrl}${A2A_PATH}`, transport: 'JSONRPC' }],
    iconUrl: v1.iconUrl,
    provider: v1.provider,
    version: v1.version,
    documentationUrl: v1.documentationUrl,
    capabilities: { ...v1.capabilities, stateTransitionHistory: false },
    securitySchemes: {
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Vault access key.' },
      bearer: {
        type: 'http',
        scheme: 'Bearer',
        bearerFormat: 'JWT',
        description: 'User-issued or OAuth 2.0 (authorization code + PKCE) token.',
      },
    },
    security: [{ apiKey: [] }, { bearer: [] }],
    defaultInputModes: v1.defaultInputModes,
    defaultOutputModes: v1.defaultOutputModes,
    skills: v1.skills,
    supportsAuthenticatedExtendedCard: false,
  };
}
