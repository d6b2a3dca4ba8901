/** The listen/close pair bench/server.mjs drives, for a Fastify app. */
export function fastifyServer(app, afterClose = async () => {}) {
  return {
    listen: (port) => app.listen({ host: '127.0.0.1', port }),
    close: async () => {
      await app.close();
      await afterClose();
    },
  };
}
