/** Helpers for the console's browser tests: keep backends the way the app stores them, find a backend's row. */
import type { Page } from 'playwright-core';

import type { KeptBackend } from '@/stores/backends-store';

export const BACKENDS_KEY = 'runboard.backends.v1';

export function backend(id: string, dialect: KeptBackend['dialect'], url: string, label: string, extra: Partial<KeptBackend> = {}): KeptBackend {
  return { id, dialect, url, label, watchRunning: false, ...extra };
}

/** Opens `search` with exactly these backends kept (what "Add backend" would have stored). */
export async function withBackends(page: Page, origin: string, backends: readonly KeptBackend[], search = ''): Promise<void> {
  await page.goto(`${origin}/?page=welcome`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [BACKENDS_KEY, JSON.stringify(backends)] as const);
  await page.goto(`${origin}/${search}`);
}

/** The text of every cell of one column of the runs table. */
export async function column(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('table thead th').allTextContents();
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return page.locator(`table tbody tr td:nth-child(${index + 1})`).allTextContents();
}
