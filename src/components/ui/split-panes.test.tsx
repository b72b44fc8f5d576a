// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { SplitPanes } from '@/components/ui/split-panes';

afterEach(cleanup);

function renderSplit(orientation: 'horizontal' | 'vertical' = 'horizontal') {
  render(<SplitPanes orientation={orientation} defaultSize={64} minSizes={[30, 20]} label="Resize the side panel" first={<p>graph</p>} second={<p>side</p>} />);
  const separator = screen.getByRole('separator', { name: 'Resize the side panel' });
  const pane = (text: string) => screen.getByText(text).closest('[data-pane]') as HTMLElement;
  return { separator, first: pane('graph'), second: pane('side') };
}

describe('SplitPanes', () => {
  it('says what it controls, which way it runs and where it stands', () => {
    const { separator, first } = renderSplit();
    expect(separator.getAttribute('aria-orientation')).toBe('vertical');
    expect(separator.getAttribute('aria-controls')).toBe(first.id);
    expect(first.id).not.toBe('');
    expect([separator.getAttribute('aria-valuenow'), separator.getAttribute('aria-valuemin'), separator.getAttribute('aria-valuemax')]).toEqual(['64', '30', '80']);
    expect(separator.tabIndex).toBe(0);
  });

  it('lays the panes out as flex-grow shares of the room', () => {
    const { first, second } = renderSplit();
    expect([first.style.flexGrow, second.style.flexGrow]).toEqual(['64', '36']);
    expect(first.style.flexBasis).toMatch(/^0/);
  });

  it('moves with the arrow keys along its axis, Home and End, and Enter puts the default back', () => {
    const { separator, first, second } = renderSplit();
    fireEvent.keyDown(separator, { key: 'ArrowLeft' });
    expect(separator.getAttribute('aria-valuenow')).toBe('59');
    expect([first.style.flexGrow, second.style.flexGrow]).toEqual(['59', '41']);
    fireEvent.keyDown(separator, { key: 'ArrowUp' });
    expect(separator.getAttribute('aria-valuenow')).toBe('59');
    fireEvent.keyDown(separator, { key: 'End' });
    expect(separator.getAttribute('aria-valuenow')).toBe('80');
    fireEvent.keyDown(separator, { key: 'Home' });
    expect(separator.getAttribute('aria-valuenow')).toBe('30');
    fireEvent.keyDown(separator, { key: 'Enter' });
    expect(separator.getAttribute('aria-valuenow')).toBe('64');
  });

  it('stacked panes: a horizontal separator moved with Up and Down', () => {
    const { separator } = renderSplit('vertical');
    expect(separator.getAttribute('aria-orientation')).toBe('horizontal');
    fireEvent.keyDown(separator, { key: 'ArrowDown' });
    expect(separator.getAttribute('aria-valuenow')).toBe('69');
    fireEvent.keyDown(separator, { key: 'ArrowRight' });
    expect(separator.getAttribute('aria-valuenow')).toBe('69');
  });

  it('lets a key it does not use through, and takes the default of one it uses', () => {
    const { separator } = renderSplit();
    expect(fireEvent.keyDown(separator, { key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(separator, { key: 'ArrowRight' })).toBe(false);
  });

  it('goes back to the default on a double click', () => {
    const { separator } = renderSplit();
    fireEvent.keyDown(separator, { key: 'Home' });
    fireEvent.doubleClick(separator);
    expect(separator.getAttribute('aria-valuenow')).toBe('64');
  });
});
