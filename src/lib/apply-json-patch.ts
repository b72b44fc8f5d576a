/**
 * JSON Patch (RFC 6902) applied without mutation and with structural sharing: each
 * operation copies only the containers on its path, so the previous document stays
 * intact (replay snapshots and React keep references to it) and a patch costs
 * O(path depth × container width) rather than a deep clone of the whole state.
 *
 * Why not fast-json-patch (the reference AG-UI client's choice): it either mutates the
 * document in place or deep-clones all of it before every patch; an agent may send a
 * STATE_DELTA per token. Guarded by apply-json-patch.test.ts, which checks it against
 * fast-json-patch on generated documents and patches.
 *
 * Atomic like RFC 6902 §5 asks: the first failing operation fails the whole patch and
 * the caller keeps the document it had.
 */
export type PatchOp = Readonly<{ op: string; path: string; value?: unknown; from?: string }>;

export type PatchResult = Readonly<{ ok: true; doc: unknown }> | Readonly<{ ok: false; error: string; index: number }>;

class PatchError extends Error {}

export function applyJsonPatch(doc: unknown, ops: readonly PatchOp[]): PatchResult {
  let current = doc;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as PatchOp;
    try {
      current = applyOp(current, op);
    } catch (error) {
      const reason = error instanceof PatchError ? error.message : String(error);
      return { ok: false, error: `operation ${i} (${String(op.op)} ${String(op.path)}): ${reason}`, index: i };
    }
  }
  return { ok: true, doc: current };
}

function applyOp(doc: unknown, op: PatchOp): unknown {
  const path = parsePointer(op.path);
  switch (op.op) {
    case 'add':
      return write(doc, path, 'add', valueOf(op));
    case 'replace':
      return write(doc, path, 'replace', valueOf(op));
    case 'remove':
      return write(doc, path, 'remove', undefined);
    case 'test':
      if (!deepEqual(read(doc, path), valueOf(op))) throw new PatchError('test failed: the value differs');
      return doc;
    case 'copy':
      return write(doc, path, 'add', read(doc, parsePointer(fromOf(op))));
    case 'move': {
      const from = parsePointer(fromOf(op));
      if (path.length > from.length && from.every((token, i) => token === path[i])) throw new PatchError('cannot move a value into itself');
      const value = read(doc, from);
      return write(write(doc, from, 'remove', undefined), path, 'add', value);
    }
    default:
      throw new PatchError(`unknown op "${String(op.op)}"`);
  }
}

function valueOf(op: PatchOp): unknown {
  if (!('value' in op) || op.value === undefined) throw new PatchError('"value" is required');
  return op.value;
}

function fromOf(op: PatchOp): string {
  if (typeof op.from !== 'string') throw new PatchError('"from" is required');
  return op.from;
}

/** RFC 6901: "" is the whole document; "/a~1b/~0c" names keys "a/b" then "~c". */
export function parsePointer(pointer: string): string[] {
  if (typeof pointer !== 'string') throw new PatchError('"path" must be a string');
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PatchError(`path "${pointer}" must start with "/"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function read(doc: unknown, path: readonly string[]): unknown {
  let node = doc;
  for (const token of path) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, false)];
    else if (isRecord(node) && Object.hasOwn(node, token)) node = node[token];
    else throw new PatchError(`no value at "/${path.join('/')}"`);
  }
  return node;
}

type Mode = 'add' | 'replace' | 'remove';

/** The document with the value at `path` written (or removed); containers on the path are copied, the rest shared. */
function write(doc: unknown, path: readonly string[], mode: Mode, value: unknown, depth = 0): unknown {
  if (depth === path.length) {
    if (mode === 'remove') throw new PatchError('cannot remove the whole document');
    return value;
  }
  const token = path[depth] as string;
  const last = depth === path.length - 1;
  if (Array.isArray(doc)) {
    const copy = [...doc];
    if (last) {
      const index = arrayIndex(doc, token, mode === 'add');
      if (mode === 'add') copy.splice(index, 0, value);
      else if (mode === 'remove') copy.splice(index, 1);
      else copy[index] = value;
      return copy;
    }
    const index = arrayIndex(doc, token, false);
    copy[index] = write(doc[index], path, mode, value, depth + 1);
    return copy;
  }
  if (!isRecord(doc)) throw new PatchError(`"/${path.slice(0, depth).join('/')}" is not an object or array`);
  const has = Object.hasOwn(doc, token);
  if (!has && (!last || mode !== 'add')) throw new PatchError(`no value at "/${path.slice(0, depth + 1).join('/')}"`);
  const copy: Record<string, unknown> = { ...doc };
  if (last && mode === 'remove') delete copy[token];
  else copy[token] = last ? value : write(doc[token], path, mode, value, depth + 1);
  return copy;
}

/** An array index token: digits without leading zeros, in range; "-" (the end) only where adding. */
function arrayIndex(array: readonly unknown[], token: string, adding: boolean): number {
  if (token === '-' && adding) return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`"${token}" is not an array index`);
  const index = Number(token);
  if (index > array.length || (!adding && index === array.length)) throw new PatchError(`index ${index} is out of range (length ${array.length})`);
  return index;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
}
