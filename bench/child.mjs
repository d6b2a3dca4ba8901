// Starts one bench/server.mjs target in a child process and talks to it over IPC.
import { fork } from 'node:child_process';

/** Forks the target; resolves once it listens, with its port, its sandbox RPC (if any), `fund` and `stop`. */
export async function startTarget(kind, { port = 0, sandbox = false } = {}) {
  const child = fork(new URL('./server.mjs', import.meta.url), [kind, String(port), ...(sandbox ? ['sandbox'] : [])], {
    stdio: 'inherit',
  });
  const ready = await new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`${kind} server exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message.ready);
    });
  });
  let nextId = 0;
  const request = (command) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const onExit = (code, signal) => reject(new Error(`${kind} server exited (${signal ?? code}) before answering`));
      const onMessage = (message) => {
        if (message.id !== id) return;
        child.off('message', onMessage).off('exit', onExit);
        if (message.error) reject(new Error(`${kind} server: ${message.error}`));
        else resolve(message.result);
      };
      child.on('message', onMessage).once('exit', onExit);
      child.send({ id, ...command });
    });
  return {
    kind,
    port: ready.port,
    rpcUrl: ready.rpcUrl,
    url: (path) => `http://127.0.0.1:${ready.port}${path}`,
    /** Mints `atomic` sandbox USDC units to each address. */
    fund: (addresses, atomic) => request({ fund: { addresses, atomic: String(atomic) } }),
    /** Gateway only: a vault access key of a new account holding `micros` of account credit. */
    accessKey: (micros) => request({ accessKey: { micros: String(micros) } }),
    /** CPU time (user + system) the server process (and a process it relies on, e.g. Redis) has used so far, in ms. */
    cpuMs: () => request({ cpu: true }),
    /** Stops serving; the sandbox chain stays up until `stop`. A target settles what it holds on close. */
    close: () => request({ close: true }),
    /**
     * Closes the server and its sandbox chain. If that takes longer than 10 s: SIGTERM (the sandbox forwards it to
     * anvil), then SIGKILL.
     */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const term = setTimeout(() => child.kill('SIGTERM'), 10_000);
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      request({ stop: true }).catch(() => {}); // the process exits right after answering, or is killed below
      await exited;
      clearTimeout(term);
      clearTimeout(kill);
    },
  };
}
