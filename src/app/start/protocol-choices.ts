/** The protocols a backend can be kept with, as the backend form lists them. */
import { DIALECT_INFOS } from '@/protocol/dialect-info';

import type { ProtocolChoice } from '@/features/console/backend-form';

export const PROTOCOL_CHOICES: readonly ProtocolChoice[] = DIALECT_INFOS.map((dialect) => ({
  id: dialect.id,
  label: dialect.label,
  urlHint: dialect.address.kind === 'endpoint' ? `${dialect.address.example} (used as given)` : dialect.address.example,
  needsSession: dialect.listNeedsSession,
}));
