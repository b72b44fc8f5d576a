import { startBrowserHarness } from '../tests/e2e/browser';
import { backend, withBackends } from '../tests/e2e/console-support';
const harness = await startBrowserHarness({ timeScale: 0.1, seedRuns: true });
try {
  const page = await harness.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  await withBackends(page, harness.sim.url, [backend('s', 'shannon', harness.sim.url, 'Shannon sim')]);
  await page.getByRole('listitem', { name: 'Shannon sim' }).getByRole('button', { name: 'Start run…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a run on Shannon sim' });
  await dialog.getByRole('textbox', { name: 'Instructions' }).fill('Review the gate scenario');
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await page.waitForTimeout(3000);
  console.log(page.url());
  await page.screenshot({ path: '/tmp/shots/start-debug.png' });
} finally { await harness.close(); }
