import { TOOL_PATH_PREFIX, toProblem } from '@svc/contracts';
import { siwxHeaderFrom } from '@svc/payments';
import type { ToolService } from '@svc/tools';
import type { FastifyInstance } from 'fastify';

/** `POST /api/tools/execute/unified/:toolName`: the REST transport of `invoke`. */
export function executeRoute(app: FastifyInstance, tools: ToolService, publicBaseUrl: string): void {
  app.post<{ Params: { toolName: string } }>(`${TOOL_PATH_PREFIX}:toolName`, async (request, reply) => {
    const { toolName } = request.params;
    const outcome = await tools.invoke({
      tool: toolName,
      input: request.body,
      paymentSignature: request.headers['payment-signature'] as string | undefined,
      siwxProof: siwxHeaderFrom(request.headers),
      resourceUrl: `${publicBaseUrl}${TOOL_PATH_PREFIX}${toolName}`,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    });
    switch (outcome.status) {
      case 200:
        // REST calls always pay with x402 (they carry no account credential), so a 200 always has its settlement.
        if (outcome.paymentResponse) reply.header('payment-response', outcome.paymentResponse);
        return reply.code(200).send(outcome.body);
      case 402:
        if (outcome.paymentResponse) reply.header('payment-response', outcome.paymentResponse);
        return reply
          .code(402)
          .header('payment-required', outcome.paymentRequired.header)
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(outcome.paymentRequired.json);
      case 'replayed':
        if (outcome.paymentResponse) reply.header('payment-response', outcome.paymentResponse);
        return reply
          .code(outcome.httpStatus)
          .header('idempotent-replayed', 'true')
          .type(outcome.httpStatus >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8')
          .send(outcome.body);
      case 'failed_after_settlement': {
        // The payment settled (write tool) and the tool then failed: the caller sees both.
        const problem = toProblem(outcome.error);
        if (problem.code === 'internal') request.log.error({ err: outcome.error, tool: toolName }, 'write tool failed after settlement');
        return reply.code(problem.status).header('payment-response', outcome.paymentResponse).type('application/problem+json').send(problem);
      }
    }
  });
}
