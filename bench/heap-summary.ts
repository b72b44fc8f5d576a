/**
 * Diagnosis: what grew between two V8 heap snapshots (bench/heap-snapshot.ts), by node type
 * and constructor/name: count and self size in each, sorted by growth.
 *   node --max-old-space-size=8192 --import tsx bench/heap-summary.ts <before> <after> [rows]
 */
import { readFileSync } from 'node:fs';

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};
type Tally = Map<string, { count: number; bytes: number }>;

function tally(path: string): Tally {
  const snap = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = snap.snapshot.meta.node_types[0];
  const out: Tally = new Map();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt] as number] ?? '?';
    const name = type === 'string' || type === 'concatenated string' || type === 'sliced string' ? '' : (snap.strings[snap.nodes[i + nameAt] as number] ?? '?').slice(0, 60);
    const key = `${type} ${name}`;
    const entry = out.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += snap.nodes[i + sizeAt] as number;
    out.set(key, entry);
  }
  return out;
}

const [beforePath, afterPath, rowsArg] = process.argv.slice(2);
if (!beforePath || !afterPath) throw new Error('usage: heap-summary <before> <after> [rows]');
const before = tally(beforePath);
const after = tally(afterPath);
const rows = [...after].map(([key, a]) => {
  const b = before.get(key) ?? { count: 0, bytes: 0 };
  return { key, count: a.count, dCount: a.count - b.count, bytes: a.bytes, dBytes: a.bytes - b.bytes };
});
rows.sort((x, y) => y.dBytes - x.dBytes);
for (const r of rows.slice(0, Number(rowsArg ?? 30))) {
  process.stdout.write(`${(r.dBytes / 1048576).toFixed(1).padStart(8)} MB ${String(r.dCount).padStart(9)} objs  (now ${(r.bytes / 1048576).toFixed(1)} MB, ${r.count})  ${r.key}\n`);
}
