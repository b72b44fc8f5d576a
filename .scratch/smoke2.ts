import { startBrowserHarness } from '../tests/e2e/browser';

const harness = await startBrowserHarness({ timeScale: 0.2, seedRuns: true });
const errors: string[] = [];
const theme = (process.env.THEME as 'light' | 'dark') ?? 'light';
try {
  const page = await harness.newPage({ colorScheme: theme });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: Number(process.env.W ?? 1440), height: 900 });
  await page.goto(harness.sim.url + '/?page=welcome');
  await page.getByRole('button', { name: /Keep the simulator/ }).click();
  await page.getByRole('heading', { name: 'Console' }).waitFor();
  await page.getByRole('switch', { name: 'Watch running runs of Simulator · relavium' }).click();
  await page.getByRole('button', { name: /Gates \(\d+ waiting\)/ }).waitFor({ timeout: 20000 });
  await page.screenshot({ path: `/tmp/shots/console-watch-${theme}.png` });
  await page.getByRole('button', { name: /Gates \(/ }).click();
  await page.getByRole('dialog', { name: 'Reviewer inbox' }).waitFor();
  await page.screenshot({ path: `/tmp/shots/inbox-${theme}.png` });
  await page.getByRole('dialog', { name: 'Reviewer inbox' }).getByRole('button', { name: 'Answer' }).first().click();
  const gate = page.getByRole('alertdialog');
  await gate.waitFor();
  await page.screenshot({ path: `/tmp/shots/gate-${theme}.png` });
  await gate.getByRole('button', { name: 'Approve' }).click();
  await page.waitForTimeout(1500);
  console.log('decisions', JSON.stringify(harness.sim.received.filter((c) => c.kind === 'gate.decide')));
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Nightly data sync' }).first().click();
  await page.getByRole('tab', { name: 'Durations' }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/durations-${theme}.png` });
} finally {
  console.log(errors.slice(0, 10).join('\n'));
  await harness.close();
}
