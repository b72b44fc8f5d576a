/**
 * The simulated run lists, mounted beside the backends (new routes only; the backends'
 * own routes are untouched): relavium `GET /runs`, Shannon `GET|POST /api/v1/tasks`,
 * MARS `GET /api/sessions[/{id}/runs]`. tolky's list is an event of its Socket.IO
 * namespace (tolky-backend.ts, rows from tolky-intent-rows.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { marsListRoute } from '@/simulator/run-lists/mars-list-route';
import { relaviumListRoute } from '@/simulator/run-lists/relavium-list-route';
import { shannonListRoute } from '@/simulator/run-lists/shannon-list-route';
import type { SimContext } from '@/simulator/sim-backend';

export type ListRoute = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

export function createListRoutes(ctx: SimContext): readonly ListRoute[] {
  return [relaviumListRoute(ctx), shannonListRoute(ctx), marsListRoute(ctx)];
}
