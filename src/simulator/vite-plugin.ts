/**
 * Starts the reference simulator beside the Vite dev server (`npm start`), so a newcomer
 * sees live runs with no backend of their own. The app learns its address from
 * `import.meta.env.VITE_SIMULATOR_URL`. Not used by `vite build` or by tests.
 */
import type { Plugin } from 'vite';

import type { startSimulator as StartSimulator } from './server.ts';

export function simulatorPlugin(): Plugin {
  const port = Number(process.env.SIM_PORT ?? 8787);
  return {
    name: 'runboard-simulator',
    apply: 'serve',
    config() {
      return { define: { 'import.meta.env.VITE_SIMULATOR_URL': JSON.stringify(`http://127.0.0.1:${port}`) } };
    },
    async configureServer(server) {
      if (process.env.VITEST) return;
      const { startSimulator } = await server.ssrLoadModule('/src/simulator/server.ts');
      const sim = await (startSimulator as typeof StartSimulator)({ port, seedRuns: true });
      server.config.logger.info(`  ➜  Simulator: ${sim.url} (relavium, tolky, myagent, mars, shannon, agui)`);
      server.httpServer?.once('close', () => void sim.close());
    },
  };
}
