/**
 * Where the built-in simulator serves each dialect, given its origin (`http://host:port`):
 * WebSocket dialects at the ws:// twin, endpoint dialects (AG-UI) at an agent endpoint of its own (an AG-UI URL is
 * the endpoint itself, used exactly as given), the rest at the origin. Shared by the start
 * page, the simulator and the tests, so none of them spells a path of its own.
 */
export const SIMULATOR_AGUI_PATH = '/agui/agents/research-assistant';

/** Every POST path under this prefix is an AG-UI agent of the simulator (any path connects). */
export const SIMULATOR_AGUI_PREFIX = '/agui/';

export function simulatorBackendUrl(dialect: Readonly<{ wire: string; address: Readonly<{ kind: string }> }>, origin: string): string {
  const base = origin.replace(/\/+$/, '');
  if (dialect.address.kind === 'endpoint') return `${base}${SIMULATOR_AGUI_PATH}`;
  return dialect.wire === 'websocket' ? base.replace(/^http/, 'ws') : base;
}
