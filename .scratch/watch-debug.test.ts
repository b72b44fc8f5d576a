import { test } from 'vitest';
import { startConsoleWatch } from '@/app/console-watch';
import { useSessionRegistry } from '@/app/session-registry';
import { startSimulator } from '@/simulator/server';
import { createBackendsStore } from '@/stores/backends-store';
import { createRunListStore } from '@/stores/run-list-store';

test('debug', async () => {
  const sim = await startSimulator({ timeScale: 0.05, seedRuns: true });
  const backends = createBackendsStore(undefined);
  const lists = createRunListStore();
  const stop = new AbortController();
  startConsoleWatch({ signal: stop.signal, backends, lists, intervalMs: 100 });
  const added = backends.getState().actions.add({ dialect: 'relavium', url: sim.url, label: 'Sim' });
  if (added.ok) backends.getState().actions.setWatch(added.id, true);
  await new Promise((r) => setTimeout(r, 1500));
  console.log(JSON.stringify(lists.getState().watch), Object.keys(useSessionRegistry.getState().runs));
  stop.abort();
  await sim.close();
});
