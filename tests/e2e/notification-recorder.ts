/**
 * Watches the page's notifications without faking them: an init script wraps
 * window.Notification so every construction is recorded (title, body, tag, whether it was
 * closed) while the real Notification API still runs, counts permission requests, and
 * counts window.focus() calls. Tests read the record with `notesOf`.
 */
import type { BrowserContext, Page } from 'playwright-core';

export type RecordedNote = Readonly<{ title: string; body: string; tag: string; closed: boolean }>;

export async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Real = window.Notification;
    if (!Real) return;
    type Entry = { title: string; body: string; tag: string; closed: boolean; note: Notification };
    const record = { notes: [] as Entry[], permissionRequests: 0, focusCalls: 0 };
    (window as unknown as { __notify: typeof record }).__notify = record;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        const entry: Entry = { title, body: options?.body ?? '', tag: options?.tag ?? '', closed: false, note: this };
        record.notes.push(entry);
        const close = this.close.bind(this);
        this.close = () => {
          entry.closed = true;
          close();
        };
      }
    }
    Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
    Object.defineProperty(Recorded, 'requestPermission', {
      value: (callback?: NotificationPermissionCallback) => {
        record.permissionRequests += 1;
        return Real.requestPermission(callback);
      },
    });
    window.Notification = Recorded;
    const focus = window.focus.bind(window);
    window.focus = () => {
      record.focusCalls += 1;
      focus();
    };
  });
}

/** What the page has shown so far. */
export function notesOf(page: Page): Promise<RecordedNote[]> {
  return page.evaluate(() => {
    const record = (window as unknown as { __notify?: { notes: RecordedNote[] } }).__notify;
    return (record?.notes ?? []).map(({ title, body, tag, closed }) => ({ title, body, tag, closed }));
  });
}

export function recordCounts(page: Page): Promise<{ permissionRequests: number; focusCalls: number }> {
  return page.evaluate(() => {
    const record = (window as unknown as { __notify?: { permissionRequests: number; focusCalls: number } }).__notify;
    return { permissionRequests: record?.permissionRequests ?? 0, focusCalls: record?.focusCalls ?? 0 };
  });
}

/** Clicks the page's recorded notification with this tag, as the system would (its onclick runs). */
export function clickNote(page: Page, tagPart: string): Promise<boolean> {
  return page.evaluate((part) => {
    const record = (window as unknown as { __notify?: { notes: { tag: string; note: Notification }[] } }).__notify;
    const entry = record?.notes.find((n) => n.tag.includes(part));
    if (!entry) return false;
    entry.note.dispatchEvent(new Event('click', { cancelable: true }));
    return true;
  }, tagPart);
}
