/**
 * The Markdown renderer behind MarkdownText (loaded lazily). react-markdown builds React
 * elements from the syntax tree — never an HTML string — and this setup adds:
 * - raw HTML in the text becomes plain text (a `<script>` tag is shown, not dropped and
 *   never run), by turning the tree's `html` nodes into `text` nodes;
 * - a single newline is a line break, as in chat and issue comments: agents write lists of
 *   steps one per line without blank lines between them (MARS's plan review);
 * - link and image addresses pass react-markdown's own filter (http, https, mailto,
 *   relative), so `javascript:` becomes an empty address;
 * - images are shown as links (a producer's text never makes the browser fetch a picture);
 * - links open in a new tab without access to this page.
 */
import Markdown, { type Components } from 'react-markdown';

type TreeNode = { type: string; value?: unknown; children?: TreeNode[] };

/** A text node split at its newlines, with a line break between the parts. */
function withBreaks(node: TreeNode): TreeNode[] {
  if (node.type !== 'text' || typeof node.value !== 'string' || !node.value.includes('\n')) return [node];
  return node.value.split('\n').flatMap((part, i): TreeNode[] => [...(i > 0 ? [{ type: 'break' }] : []), ...(part ? [{ type: 'text', value: part }] : [])]);
}

/** A remark plugin: raw HTML is kept as the characters it is, and a single newline breaks the line. */
function safeAndBroken() {
  const walk = (node: TreeNode) => {
    if (node.type === 'html') node.type = 'text';
    node.children?.forEach(walk);
    if (node.children && node.type !== 'code' && node.type !== 'inlineCode') node.children = node.children.flatMap(withBreaks);
  };
  return (tree: TreeNode) => walk(tree);
}

const COMPONENTS: Components = {
  h1: ({ children }) => <h3 className="mt-2 mb-1 text-base font-semibold">{children}</h3>,
  h2: ({ children }) => <h4 className="mt-2 mb-1 text-sm font-semibold">{children}</h4>,
  h3: ({ children }) => <h5 className="mt-2 mb-1 text-sm font-semibold">{children}</h5>,
  h4: ({ children }) => <h6 className="mt-2 mb-1 text-sm font-semibold">{children}</h6>,
  p: ({ children }) => <p className="my-1">{children}</p>,
  ul: ({ children }) => <ul className="my-1 list-disc pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-1 list-decimal pl-5">{children}</ol>,
  li: ({ children }) => <li className="my-0.5">{children}</li>,
  blockquote: ({ children }) => <blockquote className="my-1 border-l-2 border-slate-300 pl-2 text-slate-600 dark:border-slate-600 dark:text-slate-300">{children}</blockquote>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 font-mono text-xs dark:bg-slate-800">{children}</code>,
  pre: ({ children }) => <pre className="my-1 max-h-64 overflow-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap dark:bg-slate-800 [&_code]:bg-transparent [&_code]:p-0">{children}</pre>,
  a: ({ href, children }) => <a href={href || undefined} target="_blank" rel="noopener noreferrer nofollow" className="text-sky-700 underline dark:text-sky-300">{children}</a>,
  img: ({ src, alt }) => (typeof src === 'string' && src !== '' ? <a href={src} target="_blank" rel="noopener noreferrer nofollow" className="text-sky-700 underline dark:text-sky-300">{alt || 'image'}</a> : <span>{alt}</span>),
  hr: () => <hr className="my-2 border-slate-200 dark:border-slate-700" />,
};

export function MarkdownRenderer({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={[safeAndBroken]} components={COMPONENTS}>
      {text}
    </Markdown>
  );
}
