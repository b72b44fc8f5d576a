// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { JsonBlock } from '@/components/ui/json-block';

afterEach(cleanup);

describe('JsonBlock', () => {
  it('truncates big values with a note and shows all on request', () => {
    render(<JsonBlock value={{ text: 'y'.repeat(30_000) }} label="Output" foldLong={false} />);
    const pre = screen.getByLabelText('Output');
    expect(pre.textContent).toHaveLength(20_000);
    expect(screen.getByText(/Truncated: showing 19\.5 KB of 29\.3 KB/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(pre.textContent?.length).toBeGreaterThan(30_000);
  });

  it('folds long text behind a summary and renders markup as text', () => {
    const { container } = render(<JsonBlock value={`<img src=x onerror=alert(1)>${'z'.repeat(500)}`} label="Note" />);
    expect(container.querySelector('details summary')?.textContent).toMatch(/^Note \(/);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByLabelText('Note').textContent?.startsWith('<img src=x')).toBe(true);
  });
});
