/** The protocols a backend can be kept with, as the backend form lists them. */
import { DIALECTS } from '@/protocol/dialects';
import { listNeedsSession } from '@/protocol/run-lists';

import type { ProtocolChoice } from '@/features/console/backend-form';

export const PROTOCOL_CHOICES: readonly ProtocolChoice[] = Object.values(DIALECTS).map((dialect) => ({
  id: dialect.id,
  label: dialect.label,
  urlHint: dialect.address.kind === 'endpoint' ? `${dialect.address.example} (used as given)` : dialect.address.example,
  needsSession: listNeedsSession(dialect.id),
}));
