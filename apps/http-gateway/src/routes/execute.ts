import { TOOL_PATH_PREFIX } from '@svc/contracts';
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
      resourceUrl: `${publicBaseUrl}${TOOL_PATH_PREFIX}${toolName}`,
    });
    if (outcome.status === 402) {
      return reply
        .code(402)
        .header('payment-required', outcome.paymentRequired.header)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(outcome.paymentRequired.json);
    }
    return reply.code(200).send(outcome.body);
  });
}
