import { startBrowserHarness } from '../tests/e2e/browser';

const harness = await startBrowserHarness({ timeScale: 0.2, seedRuns: true });
const errors: string[] = [];
try {
  const page = await harness.newPage({ colorScheme: (process.env.THEME as 'light' | 'dark') ?? 'light' });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: Number(process.env.W ?? 1440), height: 1000 });
  await page.goto(harness.sim.url + '/?page=welcome');
  await page.getByRole('button', { name: /Keep the simulator/ }).click();
  await page.getByRole('heading', { name: 'Console' }).waitFor();
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/tmp/shots/console.png', fullPage: true });
  console.log(await page.locator('table tbody tr').count(), 'rows');
} finally {
  console.log(errors.slice(0, 10).join('\n'));
  await harness.close();
}
