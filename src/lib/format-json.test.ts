import { describe, expect, it } from 'vitest';

import { formatSize, toDisplayJson } from '@/lib/format-json';

describe('toDisplayJson', () => {
  it('pretty-prints and redacts secrets', () => {
    const out = toDisplayJson({ key: { secret: true, ref: 'API' } });
    expect(out.text).toBe('{\n  "key": "[redacted secret: API]"\n}');
    expect(out.truncated).toBe(false);
  });

  it('truncates past the limit and keeps the full text', () => {
    const out = toDisplayJson({ big: 'x'.repeat(100) }, 50);
    expect(out.truncated).toBe(true);
    expect(out.text).toHaveLength(50);
    expect(out.full.length).toBeGreaterThan(100);
  });

  it('shows strings as text and survives values JSON cannot encode', () => {
    expect(toDisplayJson('plain').text).toBe('plain');
    expect(toDisplayJson(undefined).text).toBe('undefined');
    expect(toDisplayJson({ n: 10n }).text).toBe('[object Object]');
  });
});

describe('formatSize', () => {
  it('names bytes, kilobytes and megabytes', () => {
    expect(formatSize(10)).toBe('10 B');
    expect(formatSize(20_480)).toBe('20.0 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
