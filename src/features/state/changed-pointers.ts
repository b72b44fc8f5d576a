/**
 * Which tree rows the state panel highlights: the JSON Pointers the last change touched,
 * made concrete ("/items/-" names the element it appended), and their ancestors (so a
 * change deep in a folded branch can be found). Pure; guarded by changed-pointers.test.ts.
 */
export type ChangedPointers = Readonly<{
  /** Rows whose value the change wrote. */
  changed: ReadonlySet<string>;
  /** Rows on the way to a changed row (the root is ""). */
  onPath: ReadonlySet<string>;
}>;

export function changedPointers(value: unknown, paths: readonly string[]): ChangedPointers {
  const changed = new Set<string>();
  const onPath = new Set<string>();
  for (const path of paths) {
    const concrete = concretePointer(value, path);
    changed.add(concrete);
    const tokens = concrete === '' ? [] : concrete.slice(1).split('/');
    for (let i = 0; i < tokens.length; i++) onPath.add(i === 0 ? '' : `/${tokens.slice(0, i).join('/')}`);
  }
  return { changed, onPath };
}

/** "/items/-" → "/items/3" when /items now holds four elements; other pointers as they are. */
function concretePointer(value: unknown, path: string): string {
  if (!path.endsWith('/-')) return path;
  const parent = path.slice(0, -2);
  const array = valueAt(value, parent);
  return Array.isArray(array) && array.length > 0 ? `${parent}/${array.length - 1}` : path;
}

function valueAt(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let node = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A child's pointer: RFC 6901 escapes "~" and "/" in keys. */
export function childPointer(parent: string, key: string | number): string {
  return `${parent}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}
