/** Where and how to ask a kept backend for its runs: its URL, the token typed for it (memory or this tab), its session. */
import { tokenFor } from '@/app/session/session-registry';
import type { ListTarget } from '@/services/fetch-run-list';
import type { KeptBackend } from '@/stores/backends-store';

export function listTargetOf(backend: Pick<KeptBackend, 'url' | 'session'>): ListTarget {
  const token = tokenFor(backend.url);
  return { baseUrl: backend.url, ...(token ? { token } : {}), ...(backend.session ? { session: backend.session } : {}) };
}
