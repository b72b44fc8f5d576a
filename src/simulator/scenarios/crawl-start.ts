/** The opening both crawl stories share: a crawler feeding an indexer, the crawler started. */
import type { SimStep } from '@/simulator/engine/scenario';

export function crawlStart(title: string): SimStep[] {
  return [
    { op: 'run.start', title },
    { op: 'chapter.start', key: 'execution', title: 'Execution' },
    {
      op: 'plan',
      nodes: [
        { id: 'crawl', label: 'Crawl pages', kind: 'tool' },
        { id: 'index', label: 'Index pages', kind: 'agent' },
      ],
      edges: [{ source: 'crawl', target: 'index' }],
    },
    { op: 'node.start', node: 'crawl' },
  ];
}
