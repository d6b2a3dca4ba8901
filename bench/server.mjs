// One benchmark target per process, so the load generator (the parent) never shares an event loop with it.
// usage: node bench/server.mjs gateway|bare|x402-express <port, 0 = any free one> [sandbox]
// With `sandbox` the process first starts the gateway's sandbox (startSandbox: fresh sandbox chains, among them an
// anvil Base chain 8453 with USDC at its canonical address, and the in-process facilitator settling there) and
// hands it to the target, so paid calls settle for real. IPC: sends {ready: {port, rpcUrl}}; answers {id, fund: {addresses, atomic}} (mints USDC),
// {id, accessKey: {micros}} (gateway: a credited vault access key),
// {id, cpu} (CPU ms used so far, with that of a process the target relies on, e.g. Redis), {id, close} (stops
// serving, the sandbox chain staying up: a target settles what it holds on close, and the bench reads the chain
// after) and {id, stop} with {id, result} or {id, error}.
import { freePort } from './free-port.mjs';

const [kind, portArg, mode] = process.argv.slice(2);
const { build, sandboxOptions } = await import(`./targets/${kind}.mjs`);
const port = Number(portArg) || (await freePort());
// The market simulator stays off: its own benchmark (market-sim.mjs) measures it.
const sandbox =
  mode === 'sandbox'
    ? await (
        await import('../apps/http-gateway/dist/sandbox.js')
      ).startSandbox({ marketSimulatorRate: 0, ...sandboxOptions })
    : undefined;
const server = await build({ port, sandbox });
await server.listen(port);
let closed; // the server's close, once begun

const commands = {
  async fund({ addresses, atomic }) {
    for (const address of addresses) await sandbox.base.mintUsdc(address, BigInt(atomic));
  },
  /** Gateway only: an access key whose account holds `micros` of credit. */
  accessKey: (options) => server.accessKey(options),
  async cpu() {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000 + ((await server.externalCpuMs?.()) ?? 0);
  },
  close: () => (closed ??= server.close()),
  async stop() {
    await sandbox?.stop(); // first: settlements still waiting on the chain then fail, so the server can close
    // Closing after the chain is gone (no `close` before) cannot settle what the target holds: said, not thrown.
    await (closed ??= server.close()).catch((error) => console.error(`bench ${kind}: close: ${error.message}`));
    setImmediate(() => process.exit(0));
  },
};
process.on('message', async ({ id, ...command }) => {
  const [name] = Object.keys(command);
  try {
    process.send({ id, result: await commands[name](command[name]) });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});
process.send({ ready: { port, rpcUrl: sandbox?.base.rpcUrl } });
