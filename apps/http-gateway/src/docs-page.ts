import { ERROR_CODES, type openApiDocument } from '@svc/contracts';
import { escapeHtml as escape } from './html.js';

type OpenApi = ReturnType<typeof openApiDocument>;
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  description?: string;
  anyOf?: Schema[];
  items?: Schema;
};

function describeType(schema: Schema): string {
  if (schema.anyOf) return schema.anyOf.map(describeType).join(' | ');
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  return type === 'array' && schema.items ? `array of ${describeType(schema.items)}` : type;
}

function describeRules(schema: Schema): string {
  const rules: string[] = [];
  if (schema.minimum !== undefined) rules.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) rules.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined) rules.push(`length ≥ ${schema.minLength}`);
  if (schema.maxLength !== undefined) rules.push(`length ≤ ${schema.maxLength}`);
  if (schema.minItems !== undefined) rules.push(`≥ ${schema.minItems} items`);
  if (schema.maxItems !== undefined) rules.push(`≤ ${schema.maxItems} items`);
  if (schema.format) rules.push(`format ${schema.format}`);
  else if (schema.pattern) rules.push(`pattern <code>${escape(schema.pattern)}</code>`);
  if (schema.default !== undefined) rules.push(`default ${escape(JSON.stringify(schema.default))}`);
  return rules.join(', ');
}

function fieldsTable(schema: Schema): string {
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return '<p class="muted">No fields: send <code>{}</code>.</p>';
  const required = new Set(schema.required ?? []);
  const rows = entries
    .map(
      ([name, field]) =>
        `<tr><td><code>${escape(name)}</code>${required.has(name) ? ' <b>*</b>' : ''}</td><td>${escape(describeType(field))}</td><td>${describeRules(field)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>field</th><th>type</th><th>rules</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The operation's first example body (every catalog tool has one). */
function exampleOf(op: OpenApi['paths'][string]['post']): unknown {
  return Object.values(op.requestBody.content['application/json'].examples)[0]?.value ?? {};
}

/** The human docs page, rendered from the generated OpenAPI document (never written by hand). */
export function renderDocsPage(openapi: OpenApi, options: { mode: 'sandbox' | 'live' }): string {
  const base = openapi.servers[0]!.url;
  const operations = Object.entries(openapi.paths).map(([path, item]) => ({ path, op: item.post }));
  const sections = openapi.tags
    .map(({ name }) => {
      const ops = operations.filter(({ op }) => op.tags[0] === name);
      if (ops.length === 0) return '';
      const items = ops
        .map(({ path, op }) => {
          const schema = op.requestBody.content['application/json'].schema as Schema;
          const badges = [
            `$${op['x-payment-info'].price}`,
            'security' in op ? 'siwx' : '',
            op.description.includes('Wallet-modifying') ? 'write' : 'read',
          ].filter(Boolean);
          return `<details id="${escape(op.operationId)}"><summary><code>${escape(op.operationId)}</code> ${badges.map((b) => `<span class="badge">${escape(b)}</span>`).join('')} — ${escape(op.summary)}</summary>
<p>${escape(op.description).replace(/\n\n/g, '</p><p>')}</p>${fieldsTable(schema)}
<pre>curl -i -X POST ${escape(base + path)} -H 'content-type: application/json' -d '${escape(JSON.stringify(exampleOf(op)))}'</pre></details>`;
        })
        .join('\n');
      return `<section><h2 id="group-${escape(name.replace(/\W+/g, '-'))}">${escape(name)} <span class="muted">(${ops.length})</span></h2>${items}</section>`;
    })
    .join('\n');
  const errors = Object.entries(ERROR_CODES)
    .map(
      ([code, { status, title }]) =>
        `<tr id="error-${code}"><td><code>${code}</code></td><td>${status}</td><td>${escape(title)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(openapi.info.title)} — API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}code,pre{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#f4f4f6;padding:.6rem;overflow:auto}details{border-bottom:1px solid #e5e5ea;padding:.3rem 0}summary{cursor:pointer}
.badge{display:inline-block;background:#eef;border-radius:4px;padding:0 .35rem;margin-left:.25rem;font-size:12px}.muted{color:#777}
table{border-collapse:collapse;margin:.4rem 0}td,th{border:1px solid #e5e5ea;padding:.2rem .5rem;text-align:left;vertical-align:top}</style></head><body>
<h1>${escape(openapi.info.title)}</h1>
<p>${escape(openapi.info.description)} Catalog version ${escape(openapi.info.version)}. Mode: <b>${options.mode}</b>.</p>
<h2>How a call works</h2>
<ol><li><code>POST ${escape(base)}/api/tools/execute/unified/{toolName}</code> with a JSON object body (<code>{}</code> for tools without fields).</li>
<li>An invalid body gets <b>400</b> <code>application/problem+json</code> listing each field, rule and limit, before any payment is asked.</li>
<li>A valid body without <code>PAYMENT-SIGNATURE</code> gets <b>402</b>: the <code>PAYMENT-REQUIRED</code> header (base64 JSON, x402 v2) and the same JSON as the body, with one <code>accepts</code> entry per payment token (BASE_USDC, SOL_USDC, SBTC, STX, USDCx).</li>
<li>Sign one of them with an x402 client (for example <code>@x402/fetch</code>) and repeat the POST with <code>PAYMENT-SIGNATURE</code>.</li></ol>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1), <a href="/api/tools/discover">/api/tools/discover</a>, <a href="/.well-known/x402">/.well-known/x402</a>, <a href="/api/tools/pricing/BASE_USDC">/api/tools/pricing/{token}</a>, <a href="/.well-known/agent-card.json">agent card</a>.</p>
<pre>curl -i -X POST ${escape(base)}/api/tools/execute/unified/getLeaderboard -H 'content-type: application/json' -d '{"orderBy":"pnl"}'</pre>
<h2>Errors</h2><p>Every error is RFC 9457 problem details with a stable <code>code</code>.</p><table><thead><tr><th>code</th><th>HTTP</th><th>meaning</th></tr></thead><tbody>${errors}</tbody></table>
<h2>Tools</h2>${sections}</body></html>`;
}
