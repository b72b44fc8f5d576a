/**
 * Candidate 3: sigma.js 3 + graphology (WebGL, graph-specific). Nodes are sigma's circles
 * coloured by status (a shape per status would need extra node programs); sigma owns its
 * camera in normalised coordinates, so the view is mapped onto it.
 */
import Graph from 'graphology';
import Sigma from 'sigma';

import { NODE_STATUSES } from '@/protocol/run-event';

import { NODE_HEIGHT, NODE_WIDTH } from '@/features/canvas/layout/layout-types';
import { STATUS_INK } from '@/features/canvas/status-style';

import type { CreateCandidate } from './candidate';

export const create: CreateCandidate = async (stage, scene, statuses) => {
  const graph = new Graph();
  const colours = NODE_STATUSES.map((status) => STATUS_INK.light[status]);
  scene.ids.forEach((id, i) => {
    graph.addNode(id, { x: (scene.x[i] ?? 0) + NODE_WIDTH / 2, y: -((scene.y[i] ?? 0) + NODE_HEIGHT / 2), size: 2, color: colours[statuses[i] ?? 0] });
  });
  for (let e = 0; e < scene.edgeFrom.length; e++) {
    const a = scene.ids[scene.edgeFrom[e] ?? 0] ?? '';
    const b = scene.ids[scene.edgeTo[e] ?? 0] ?? '';
    if (!graph.hasEdge(a, b)) graph.addEdge(a, b, { color: 'rgba(100,116,139,0.15)', size: 0.5 });
  }
  const renderer = new Sigma(graph, stage, { renderLabels: false, enableEdgeEvents: false, hideEdgesOnMove: false });
  const { bounds } = scene;
  return {
    render: (view) => {
      // The view's centre in graph units, and how much of the graph's extent it shows.
      const cx = (view.width / 2 - view.tx) / view.zoom;
      const cy = (view.height / 2 - view.ty) / view.zoom;
      const shown = view.width / view.zoom / Math.max(bounds.width, bounds.height);
      renderer.getCamera().setState({ x: (cx - bounds.x) / bounds.width, y: 1 - (cy - bounds.y) / bounds.height, ratio: shown });
      renderer.refresh({ skipIndexation: true });
    },
    setStatus: (i, status) => graph.setNodeAttribute(scene.ids[i] ?? '', 'color', colours[status]),
  };
};
