/**
 * The backends a person keeps: protocol, URL, a label, and whether the console follows their
 * running runs. App-global and low-frequency, so one store for the app (docs/ARCHITECTURE.md "Stores"),
 * built by a factory so each test gets its own.
 *
 * Kept in localStorage, and never a token: the type has no place for one, and what is read
 * back is rebuilt field by field (`toKeptBackends`), so nothing else stored under the key
 * is ever loaded. Tokens stay in memory (sessionStorage when asked; docs/ARCHITECTURE.md "The URL contract").
 * A storage that throws (full, disabled) costs persistence, never the app.
 */
import { createStore, useStore, type StoreApi } from 'zustand';

import { DIALECT_IDS, type DialectId } from '@/protocol/dialect';

export type KeptBackend = Readonly<{
  id: string;
  dialect: DialectId;
  /** The backend's base, as in the URL contract (`url=`). */
  url: string;
  label: string;
  /** Follow every running run of this backend, so its gates reach the reviewer inbox. */
  watchRunning: boolean;
  /** tolky: the session whose intents are listed. */
  session?: string;
}>;

export type BackendInput = Readonly<{ dialect: DialectId; url: string; label?: string; session?: string }>;

export type BackendsState = Readonly<{
  backends: readonly KeptBackend[];
  actions: {
    /** Adds a backend; refuses a second copy of one already kept. */
    add: (input: BackendInput) => { ok: true; id: string } | { ok: false; reason: string };
    update: (id: string, patch: Partial<Omit<KeptBackend, 'id'>>) => void;
    remove: (id: string) => void;
    setWatch: (id: string, on: boolean) => void;
  };
}>;

export type BackendsStore = StoreApi<BackendsState>;
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const BACKENDS_STORAGE_KEY = 'runboard.backends.v1';

export function createBackendsStore(storage: KeyValueStorage | undefined, newId: () => string = randomId): BackendsStore {
  const store = createStore<BackendsState>()((set, get) => ({
    backends: load(storage),
    actions: {
      add: (input) => {
        const same = get().backends.find((b) => sameBackend(b, input));
        if (same) return { ok: false, reason: `This backend is already kept as “${same.label}”.` };
        const id = newId();
        const backend: KeptBackend = {
          id,
          dialect: input.dialect,
          url: input.url.trim(),
          label: input.label?.trim() || defaultLabel(input),
          watchRunning: false,
          ...(input.session?.trim() ? { session: input.session.trim() } : {}),
        };
        set({ backends: [...get().backends, backend] });
        return { ok: true, id };
      },
      update: (id, patch) => set({ backends: get().backends.map((b) => (b.id === id ? { ...b, ...patch, id } : b)) }),
      remove: (id) => set({ backends: get().backends.filter((b) => b.id !== id) }),
      setWatch: (id, on) => set({ backends: get().backends.map((b) => (b.id === id ? { ...b, watchRunning: on } : b)) }),
    },
  }));
  store.subscribe((state, previous) => {
    if (state.backends !== previous.backends) save(storage, state.backends);
  });
  return store;
}

function sameBackend(a: KeptBackend, b: BackendInput): boolean {
  return a.dialect === b.dialect && a.url === b.url.trim() && (a.session ?? '') === (b.session?.trim() ?? '');
}

function defaultLabel(input: BackendInput): string {
  try {
    return `${input.dialect} · ${new URL(input.url).host}`;
  } catch {
    return input.dialect;
  }
}

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `b-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function load(storage: KeyValueStorage | undefined): KeptBackend[] {
  try {
    const text = storage?.getItem(BACKENDS_STORAGE_KEY);
    return text ? toKeptBackends(JSON.parse(text) as unknown) : [];
  } catch {
    return [];
  }
}

function save(storage: KeyValueStorage | undefined, backends: readonly KeptBackend[]): void {
  try {
    storage?.setItem(BACKENDS_STORAGE_KEY, JSON.stringify(backends));
  } catch {
    // A full or disabled storage: the backends stay for this visit only.
  }
}

/** Rebuilds each stored entry from known fields only; anything malformed is dropped. */
export function toKeptBackends(value: unknown): KeptBackend[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown): KeptBackend[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const e = entry as Record<string, unknown>;
    const dialect = DIALECT_IDS.find((id) => id === e.dialect);
    if (typeof e.id !== 'string' || !dialect || typeof e.url !== 'string' || typeof e.label !== 'string') return [];
    const session = typeof e.session === 'string' && e.session ? { session: e.session } : {};
    return [{ id: e.id, dialect, url: e.url, label: e.label, watchRunning: e.watchRunning === true, ...session }];
  });
}

// ---- the app's store and its hooks -------------------------------------------

export const backendsStore: BackendsStore = createBackendsStore(typeof localStorage === 'undefined' ? undefined : localStorage);

const NO_BACKENDS: readonly KeptBackend[] = [];

export function useKeptBackends(store: BackendsStore = backendsStore): readonly KeptBackend[] {
  return useStore(store, (s) => (s.backends.length === 0 ? NO_BACKENDS : s.backends));
}

export function useKeptBackend(id: string | undefined, store: BackendsStore = backendsStore): KeptBackend | undefined {
  return useStore(store, (s) => (id === undefined ? undefined : s.backends.find((b) => b.id === id)));
}

/** The kept backend with this dialect and URL, when there is one (a list opened by link). */
export function useKeptBackendAt(dialect: string, url: string, store: BackendsStore = backendsStore): KeptBackend | undefined {
  return useStore(store, (s) => s.backends.find((b) => b.dialect === dialect && b.url === url));
}
