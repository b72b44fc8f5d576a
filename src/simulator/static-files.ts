/** Serves a built Runboard (dist/) from the simulator, so app and simulator share one origin. */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.jsonl': 'application/x-ndjson',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/**
 * Vite names every file under assets/ by a hash of its content, so a name never changes
 * meaning: such files may be kept for a year without asking again, as a deployment of the
 * built app serves them. Everything else (index.html above all, which names the current
 * assets) is asked for again on every visit.
 */
const HASHED = /^\/assets\/[^/]+-[\w-]{8,}\.[a-z0-9]+$/;
const FOREVER = 'public, max-age=31536000, immutable';

export type StaticOptions = Readonly<{ root: string; cacheHashed: boolean }>;

export function serveStatic({ root, cacheHashed }: StaticOptions, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (req.method !== 'GET') return false;
  const relative = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(root, relative);
  if (!file.startsWith(root)) return false;
  if (!existsSync(file) || statSync(file).isDirectory()) {
    // The app is a single page: unknown paths without an extension get index.html.
    if (extname(relative)) return false;
    file = join(root, 'index.html');
    if (!existsSync(file)) return false;
  }
  const cache = cacheHashed ? { 'cache-control': file !== join(root, 'index.html') && HASHED.test(relative) ? FOREVER : 'no-cache' } : {};
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*', ...cache });
  createReadStream(file).pipe(res);
  return true;
}
