/** `npm run simulator`: the simulator alone, for tests and for pointing other clients at it. */
import { startSimulator } from '@/simulator/server';

const port = Number(process.env.SIM_PORT ?? 8787);
const timeScale = Number(process.env.SIM_TIME_SCALE ?? 1);
const sim = await startSimulator({ port, timeScale });
console.log(`Runboard simulator listening on ${sim.url} (time scale ${timeScale})`);
