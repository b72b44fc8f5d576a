/** `npm run simulator`: the simulator alone, for tests and for pointing other clients at it. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

import { startSimulator } from '@/simulator/server';

const port = Number(process.env.SIM_PORT ?? 8787);
const timeScale = Number(process.env.SIM_TIME_SCALE ?? 1);
const staticDir = resolve(process.env.SIM_STATIC_DIR ?? 'dist');
const sim = await startSimulator({ port, timeScale, seedRuns: true, ...(existsSync(staticDir) ? { staticDir } : {}) });
console.log(`Runboard simulator listening on ${sim.url} (time scale ${timeScale})`);
