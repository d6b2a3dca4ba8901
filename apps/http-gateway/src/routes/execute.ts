import { findTool, TOOL_PATH_PREFIX, toProblem } from '@svc/contracts';
import { bazaarExtensionOf, decodePaymentSignature, siwxHeaderFrom } from '@svc/payments';
import type { ToolService } from '@svc/tools';
import type { FastifyInstance } from 'fastify';
import { sendPaymentRequired, withSettlement } from './payment-headers.js';

/**
 * `POST /api/tools/execute/unified/:toolName`: the REST transport of `invoke`, and the one place its payments are
 * spelled as HTTP headers (PAYMENT-SIGNATURE in; PAYMENT-REQUIRED and PAYMENT-RESPONSE out).
 */
export function executeRoute(app: FastifyInstance, tools: ToolService, publicBaseUrl: string): void {
  app.post<{ Params: { toolName: string } }>(`${TOOL_PATH_PREFIX}:toolName`, async (request, reply) => {
    const { toolName } = request.params;
    const signature = request.headers['payment-signature'] as string | undefined;
    const tool = findTool(toolName);
    const outcome = await tools.observed({ tool: toolName, transport: 'rest' }, async () => {
      const prepared = await tools.prepare({
        tool: toolName,
        input: request.body,
        siwxProof: siwxHeaderFrom(request.headers),
        resourceUrl: `${publicBaseUrl}${TOOL_PATH_PREFIX}${toolName}`,
        // Its 402s declare the resource for x402 Bazaar catalogs (an unknown tool is refused by prepare first).
        extensions: tool && bazaarExtensionOf(tool),
      });
      // The header is decoded only for a call that can use it: one that must sign in first is answered without it.
      return prepared.kind === 'sign-in-required'
        ? prepared.answer(Boolean(signature))
        : tools.execute(prepared, {
            payment: signature ? decodePaymentSignature(signature) : undefined,
            idempotencyKey: request.headers['idempotency-key'] as string | undefined,
          });
    });
    switch (outcome.status) {
      case 200:
        // REST calls always pay with x402 (they carry no account credential), so a 200 always has its settlement.
        return withSettlement(reply, outcome.settlement).code(200).send(outcome.body);
      case 402:
        return sendPaymentRequired(reply, outcome);
      case 'replayed':
        return withSettlement(reply, outcome.settlement)
          .code(outcome.httpStatus)
          .header('idempotent-replayed', 'true')
          .type(outcome.httpStatus >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8')
          .send(outcome.body);
      case 'failed_after_settlement': {
        // The payment settled (write tool) and the tool then failed: the caller sees both.
        const problem = toProblem(outcome.error);
        if (problem.code === 'internal')
          request.log.error({ err: outcome.error, tool: toolName }, 'write tool failed after settlement');
        return withSettlement(reply, outcome.settlement)
          .code(problem.status)
          .type('application/problem+json')
          .send(problem);
      }
    }
  });
}
