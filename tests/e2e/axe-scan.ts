/** axe-core in the page under test: the serious and critical violations of a screen, one readable line each. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/** Serious and critical violations of the screen as it is now, prefixed by the screen's name. */
export async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  // Evaluated through the debugger protocol: the app's CSP (rightly) blocks an injected inline <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join(', ')}`);
}
