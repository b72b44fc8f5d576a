// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { MarkdownText } from '@/components/ui/markdown-text';

afterEach(cleanup);
// The renderer is a lazy chunk; transforming it on a loaded machine took longer than a
// findBy's second, so the module is loaded once before the tests wait on what it draws.
beforeAll(async () => {
  await import('@/components/ui/markdown-renderer');
}, 60_000);

/** The approval message MARS's HITL planning phase builds (cmbagent/phases/hitl_planning.py:596-611). */
const PLAN_REVIEW = [
  'Planning iteration 1 complete.',
  '',
  '## Generated Plan:',
  '',
  '**Step 1** (engineer): Fit a linear model',
  '   - load the data',
  '',
  '**Options:**',
  '- **Approve**: Accept the plan and proceed to execution',
  '- **Reject**: Cancel the workflow',
].join('\n');

describe('MarkdownText', () => {
  it('renders headings, emphasis and lists once the renderer has loaded', async () => {
    const { container } = render(<MarkdownText text={PLAN_REVIEW} label="Description" />);
    expect(await screen.findByText('Generated Plan:')).toBeTruthy();
    expect(container.querySelector('h4')?.textContent).toBe('Generated Plan:');
    expect([...container.querySelectorAll('strong')].map((e) => e.textContent)).toContain('Step 1');
    expect([...container.querySelectorAll('li')].map((e) => e.textContent)).toContain('Reject: Cancel the workflow');
  });

  it('breaks the line at a single newline (steps written one per line)', async () => {
    const { container } = render(<MarkdownText text={'**Step 1**: fit\n**Step 2**: plot\n\n`a\nb`'} />);
    await screen.findByText('Step 2');
    expect(container.querySelectorAll('p br')).toHaveLength(1);
    expect(container.querySelector('code')?.textContent).toBe('a b');
  });

  it('keeps hostile text inert: tags as characters, no script, no javascript: address, no image fetched', async () => {
    const hostile = 'Hi <script>alert(1)</script> <img src=x onerror=alert(2)>\n\n[click](javascript:alert(3)) ![pixel](https://tracker.example/p.png)';
    const { container } = render(<MarkdownText text={hostile} label="Description" />);
    await screen.findByText('click');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror=alert(2)>');
    const link = screen.getByText('click').closest('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(screen.getByText('pixel').closest('a')?.getAttribute('href')).toBe('https://tracker.example/p.png');
  });

  it('cuts huge text and says so', async () => {
    const { container } = render(<MarkdownText text={`# Big\n\n${'word '.repeat(10_000)}`} maxChars={1_000} />);
    await screen.findByText('Big');
    expect(container.textContent?.length).toBeLessThan(1_300);
    expect(screen.getByText(/Shortened for display: 50,007 characters, the first 1,000 shown/)).toBeTruthy();
  });
});
