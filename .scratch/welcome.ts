import { startBrowserHarness } from '../tests/e2e/browser';
const harness = await startBrowserHarness({ timeScale: 0.5, seedRuns: true });
try {
  const page = await harness.newPage({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto(harness.sim.url);
  await page.getByRole('button', { name: /Keep the simulator/ }).waitFor();
  await page.screenshot({ path: '/tmp/console-shots/welcome-1024-light.png' });
  await page.getByRole('button', { name: /Add a backend/ }).click();
  await page.getByRole('dialog').waitFor();
  await page.screenshot({ path: '/tmp/console-shots/add-backend-1024-light.png' });
} finally { await harness.close(); }
