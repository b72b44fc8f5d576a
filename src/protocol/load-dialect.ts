/**
 * A dialect's code — schemas, derived readers, interpreter, commands — loads when a run of
 * its protocol opens, each in a chunk of its own: a link to a Shannon run does not download
 * five other protocols (the bundle budget of bench/bundle.ts). What pages show before that is
 * in `dialect-info.ts`. Tests and tools that want every dialect at once use `dialects.ts`.
 */
import type { Dialect, DialectId } from '@/protocol/dialect';
import { dialectInfoById } from '@/protocol/dialect-info';

const LOADERS: Readonly<Record<DialectId, () => Promise<Dialect>>> = {
  relavium: () => import('@/protocol/relavium/relavium-dialect').then((m) => m.relaviumDialect),
  tolky: () => import('@/protocol/tolky/tolky-dialect').then((m) => m.tolkyDialect),
  myagent: () => import('@/protocol/myagent/myagent-dialect').then((m) => m.myagentDialect),
  mars: () => import('@/protocol/mars/mars-dialect').then((m) => m.marsDialect),
  shannon: () => import('@/protocol/shannon/shannon-dialect').then((m) => m.shannonDialect),
  agui: () => import('@/protocol/agui/agui-dialect').then((m) => m.aguiDialect),
};

const loading = new Map<DialectId, Promise<Dialect>>();

/**
 * The dialect of this id, loaded once per page (the same promise for every caller, so React's
 * `use` can wait on it); undefined for an id no dialect has. A chunk that failed to load is
 * asked for again by the next call rather than failing forever.
 */
export function loadDialect(id: string): Promise<Dialect> | undefined {
  const info = dialectInfoById(id);
  if (!info) return undefined;
  const known = loading.get(info.id);
  if (known) return known;
  const started = LOADERS[info.id]();
  loading.set(info.id, started);
  started.catch(() => loading.delete(info.id));
  return started;
}

/** A header is a few hundred bytes; first bytes longer than this are not searched for one. */
const HEADER_BYTES = 16_384;

/**
 * Starts loading the dialect a recording's header names, from the first bytes of the
 * recording while the rest still downloads: replay otherwise asks for it only once it holds
 * every byte and has read the header, and waits for the chunk then (measured in Chromium:
 * 70–150 ms with the page idle). A guess: the header is read and judged properly later, and
 * first bytes that hold no header cost nothing.
 */
export function warmDialectOfRecording(firstBytes: Uint8Array): void {
  const first = new TextDecoder().decode(firstBytes.subarray(0, HEADER_BYTES)).split('\n', 1)[0] ?? '';
  let header: unknown;
  try {
    header = JSON.parse(first);
  } catch {
    return;
  }
  const dialect = typeof header === 'object' && header !== null ? (header as { dialect?: unknown }).dialect : undefined;
  if (typeof dialect === 'string') loadDialect(dialect)?.catch(() => undefined);
}
