/**
 * The tab's icon with the number of gates waiting: the app's own icon drawn on a canvas
 * with a red count in its corner, set as the icon link's address (a data: URL). Each
 * count is drawn once and kept, the link changes only when the count does (no flicker),
 * and zero puts the plain icon back. Without a canvas the plain icon stays.
 */
const SIZE = 64;
const MAX_SHOWN = 9;

export type FaviconBadge = Readonly<{ show: (count: number) => void }>;

export function createFaviconBadge(doc: Document, plainHref = '/favicon.svg'): FaviconBadge {
  const drawn = new Map<number, string>();
  let base: Promise<HTMLImageElement | undefined> | undefined;
  let wanted = 0;

  const setHref = (href: string) => {
    const link = iconLink(doc);
    if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  };
  return {
    show(count) {
      const shown = Math.min(Math.max(0, Math.floor(count)), MAX_SHOWN + 1);
      if (shown === wanted && (shown === 0 || drawn.has(shown))) return;
      wanted = shown;
      if (shown === 0) return setHref(plainHref);
      const ready = drawn.get(shown);
      if (ready) return setHref(ready);
      base ??= loadImage(doc, plainHref);
      void base.then((image) => {
        const url = drawBadge(doc, image, shown);
        if (!url) return;
        drawn.set(shown, url);
        if (wanted === shown) setHref(url);
      });
    },
  };
}

function iconLink(doc: Document): HTMLLinkElement {
  const existing = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (existing) return existing;
  const link = doc.createElement('link');
  link.rel = 'icon';
  doc.head.append(link);
  return link;
}

function loadImage(doc: Document, href: string): Promise<HTMLImageElement | undefined> {
  return new Promise((resolve) => {
    const image = doc.createElement('img');
    image.onload = () => resolve(image);
    image.onerror = () => resolve(undefined);
    image.src = href;
  });
}

/** The icon with a red disc and the count (9+ past nine), as a PNG data URL; undefined without a canvas. */
function drawBadge(doc: Document, image: HTMLImageElement | undefined, count: number): string | undefined {
  const canvas = doc.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const g = canvas.getContext('2d');
  if (!g) return undefined;
  if (image) g.drawImage(image, 0, 0, SIZE, SIZE);
  g.fillStyle = '#dc2626';
  g.beginPath();
  g.arc(SIZE - 20, 20, 20, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#ffffff';
  g.font = `bold ${count > MAX_SHOWN ? 22 : 30}px system-ui, sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count), SIZE - 20, 22);
  try {
    return canvas.toDataURL('image/png');
  } catch {
    return undefined;
  }
}
