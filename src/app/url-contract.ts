/**
 * The URL contract (docs/ARCHITECTURE.md "The URL contract"), parsed and built in one place:
 *   home    /                                   the console once a backend is kept, else the welcome page
 *   welcome /?page=welcome                      the welcome page (simulator runs, samples, connect form)
 *   backend /?dialect=<id>&url=<backend>        that backend's run list (no run, nothing to start)
 *   live    /?dialect=<id>&url=<backend>&run=<run id>[&session=<backend session>][&transport=][&start=<instructions>]
 *   replay  /?replay=<recording url>[&at=<frame index>]
 *   compare /?compare=<address A>&compare=<address B>   two runs side by side (compare/compare-address.ts)
 *   either  [&node=<node id>][&event=<row>]  deep links to a node or a timeline row
 * A link never causes a side effect: `start` only pre-fills the form.
 * Tokens are never read from or written to the URL.
 */
import { shortened, tooLong, type BoundedInput } from '@/lib/input-bounds';

export type Route =
  | { kind: 'start' }
  | { kind: 'welcome' }
  | { kind: 'backend'; dialect: string; url: string }
  | { kind: 'live'; dialect: string; url: string; run?: string; start?: string; session?: string; transport?: string; focus: Focus }
  | { kind: 'replay'; replay: string; at?: number; focus: Focus }
  /** Checked by the compare page's own chunk (compare/compare-address.ts), so no other page carries that code. */
  | { kind: 'compare'; addresses: readonly string[] }
  | { kind: 'invalid'; problems: string[] };

export type Focus = Readonly<{ node?: string; event?: number }>;

/** Parameters over their bound make the link invalid before anything is opened or sent. */
const BOUNDED: readonly (readonly [string, BoundedInput])[] = [['run', 'run'], ['url', 'url'], ['session', 'session'], ['replay', 'replay'], ['start', 'start'], ['node', 'node']];

function boundProblems(params: URLSearchParams): string[] {
  return BOUNDED.flatMap(([param, input]) => tooLong(input, params.get(param)) ?? []);
}

export function parseRoute(search: string, knownDialects: readonly string[]): Route {
  const params = new URLSearchParams(search);
  const compared = params.getAll('compare');
  if (compared.length > 0) return { kind: 'compare', addresses: compared };
  const tooLongs = boundProblems(params);
  if (tooLongs.length > 0) return { kind: 'invalid', problems: tooLongs };
  const focus = parseFocus(params);
  const replay = params.get('replay');
  if (replay) {
    const at = params.get('at');
    const atIndex = at === null ? undefined : Number(at);
    if (atIndex !== undefined && (!Number.isInteger(atIndex) || atIndex < 0)) {
      return { kind: 'invalid', problems: [`"at" must be a frame index (0 or more), not "${shortened(at ?? '')}"`] };
    }
    return { kind: 'replay', replay, ...(atIndex !== undefined ? { at: atIndex } : {}), focus };
  }
  const dialect = params.get('dialect');
  if (!dialect) return params.get('page') === 'welcome' ? { kind: 'welcome' } : { kind: 'start' };
  const problems: string[] = [];
  if (!knownDialects.includes(dialect)) problems.push(`unknown dialect "${shortened(dialect)}" (known: ${knownDialects.join(', ')})`);
  const url = params.get('url') ?? '';
  if (!isBackendUrl(url)) problems.push(`"url" must be an http(s) or ws(s) address of the backend, not "${shortened(url)}"`);
  if (problems.length > 0) return { kind: 'invalid', problems };
  const run = params.get('run') ?? undefined;
  const start = params.get('start') ?? undefined;
  const transport = params.get('transport') ?? undefined;
  const session = params.get('session') ?? undefined;
  if (!run && start === undefined) return { kind: 'backend', dialect, url };
  return {
    kind: 'live',
    dialect,
    url,
    focus,
    ...(run ? { run } : {}),
    ...(start !== undefined ? { start } : {}),
    ...(session ? { session } : {}),
    ...(transport ? { transport } : {}),
  };
}

function parseFocus(params: URLSearchParams): Focus {
  const node = params.get('node') ?? undefined;
  const event = Number(params.get('event') ?? Number.NaN);
  return { ...(node ? { node } : {}), ...(Number.isInteger(event) && event >= 0 ? { event } : {}) };
}

function isBackendUrl(value: string): boolean {
  try {
    return ['http:', 'https:', 'ws:', 'wss:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function buildLiveSearch(live: { dialect: string; url: string; run?: string; start?: string; session?: string | undefined }): string {
  const params = new URLSearchParams({ dialect: live.dialect, url: live.url });
  if (live.run) params.set('run', live.run);
  if (live.session) params.set('session', live.session);
  if (live.start !== undefined) params.set('start', live.start);
  return `?${params.toString()}`;
}

/** A backend's run list: a link with a backend and no run. */
export function buildBackendSearch(dialect: string, url: string): string {
  return `?${new URLSearchParams({ dialect, url }).toString()}`;
}

export const WELCOME_SEARCH = '?page=welcome';

export function buildReplaySearch(replay: string, at?: number): string {
  const params = new URLSearchParams({ replay });
  if (at !== undefined) params.set('at', String(at));
  return `?${params.toString()}`;
}

/** Returns `search` with the deep-link focus replaced (undefined values removed). */
/**
 * The search with `node`/`event` set to `focus`, every other parameter left spelled as it was:
 * re-encoding them (a hand-typed "~" as "%7E") would change the string the app keys the run
 * view by, and selecting a node would remount the view and lose its state.
 */
export function withFocus(search: string, focus: Focus): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !/^(node|event)=/.test(part));
  const added = new URLSearchParams();
  if (focus.node) added.set('node', focus.node);
  if (focus.event !== undefined) added.set('event', String(focus.event));
  const tail = added.toString();
  return `?${[...kept, ...(tail ? [tail] : [])].join('&')}`;
}
