/** Every dialect's simulated backend; the server mounts them all on one port. */
import { createAguiBackend } from '@/simulator/backends/agui-backend';
import { createMarsBackend } from '@/simulator/backends/mars-backend';
import { createMyagentBackend } from '@/simulator/backends/myagent-backend';
import { createRelaviumBackend } from '@/simulator/backends/relavium-backend';
import { createShannonBackend } from '@/simulator/backends/shannon-backend';
import { createTolkyBackend } from '@/simulator/backends/tolky-backend';
import type { SimBackendFactory } from '@/simulator/sim-backend';

export const BACKEND_FACTORIES: readonly SimBackendFactory[] = [createRelaviumBackend, createMyagentBackend, createMarsBackend, createTolkyBackend, createAguiBackend, createShannonBackend];
