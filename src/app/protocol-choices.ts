/** The protocols a backend can be kept with, as the backend form lists them. */
import { DIALECTS } from '@/protocol/dialects';
import { runListOf } from '@/protocol/run-lists';

import type { ProtocolChoice } from '@/features/console/backend-form';

export const PROTOCOL_CHOICES: readonly ProtocolChoice[] = Object.values(DIALECTS).map((dialect) => ({
  id: dialect.id,
  label: dialect.label,
  urlHint: dialect.id === 'agui' ? 'http://host:port/path/of/the/agent (used as given)' : dialect.wire === 'websocket' ? 'ws://host:port' : 'http://host:port',
  needsSession: runListOf(dialect.id)?.source.kind === 'socket.io',
}));
