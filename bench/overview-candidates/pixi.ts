/**
 * Candidate 2: pixi.js 8 (WebGL). Edges as one Graphics built once; each node a Sprite
 * with its status' mark texture and tint; pan and zoom move the stage (GPU transform).
 */
// The app's Content-Security-Policy forbids eval; pixi needs this module to run under it.
import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, Sprite, type Texture } from 'pixi.js';

import { NODE_STATUSES } from '@/protocol/run-event';

import { NODE_HEIGHT, NODE_WIDTH } from '@/features/canvas/layout/layout-types';
import { STATUS_GLYPH } from '@/features/canvas/overview/status-glyphs';
import { STATUS_INK } from '@/features/canvas/status-style';

import type { CreateCandidate } from './candidate';

const R = 60;

export const create: CreateCandidate = async (stage, scene, statuses) => {
  const app = new Application();
  await app.init({ width: stage.clientWidth, height: stage.clientHeight, background: '#f8fafc', antialias: false, preference: 'webgl', autoStart: false });
  stage.appendChild(app.canvas);
  const world = new Container();
  app.stage.addChild(world);
  const edges = new Graphics();
  for (let e = 0; e < scene.edgeFrom.length; e++) {
    const a = scene.edgeFrom[e] ?? 0;
    const b = scene.edgeTo[e] ?? 0;
    edges.moveTo((scene.x[a] ?? 0) + NODE_WIDTH, (scene.y[a] ?? 0) + NODE_HEIGHT / 2).lineTo(scene.x[b] ?? 0, (scene.y[b] ?? 0) + NODE_HEIGHT / 2);
  }
  edges.stroke({ width: 4, color: 0x64748b, alpha: 0.15 });
  world.addChild(edges);
  const textures: Texture[] = NODE_STATUSES.map((status) => {
    const glyph = STATUS_GLYPH[status];
    const g = new Graphics();
    const points = (glyph.points ?? []).flatMap(([x, y]) => [x * R, y * R]);
    if (glyph.shape === 'circle') g.circle(0, 0, R);
    else g.poly(points);
    if (glyph.hollow) g.stroke({ width: R * 0.35, color: 0xffffff });
    else g.fill(0xffffff);
    return app.renderer.generateTexture(g);
  });
  const tints = NODE_STATUSES.map((status) => STATUS_INK.light[status]);
  const sprites = scene.ids.map((_, i) => {
    const sprite = new Sprite(textures[statuses[i] ?? 0]);
    sprite.anchor.set(0.5);
    sprite.position.set((scene.x[i] ?? 0) + NODE_WIDTH / 2, (scene.y[i] ?? 0) + NODE_HEIGHT / 2);
    sprite.tint = tints[statuses[i] ?? 0] ?? '#000';
    world.addChild(sprite);
    return sprite;
  });
  return {
    render: (view) => {
      world.position.set(view.tx, view.ty);
      world.scale.set(view.zoom);
      app.render();
    },
    setStatus: (i, status) => {
      const sprite = sprites[i];
      if (!sprite) return;
      sprite.texture = textures[status] ?? sprite.texture;
      sprite.tint = tints[status] ?? '#000';
    },
  };
};
