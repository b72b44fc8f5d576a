/**
 * A VoltAgent agent served through VoltAgent's official AG-UI adapter (`@voltagent/ag-ui`),
 * on the scripted model, with one tool. (The adapter has no interrupt support: it is used
 * for the plain run and the tool call.)
 */
import { createVoltAgentAGUI } from '@voltagent/ag-ui';
import { Agent, createTool } from '@voltagent/core';
import * as z from 'zod';

import { scriptedModel } from './scripted-model';

export function createVoltAgentAdapter() {
  const lookup = createTool({
    name: 'lookup',
    description: 'Weather for a city',
    parameters: z.object({ city: z.string() }),
    execute: async ({ city }: { city: string }) => ({ city, sky: 'sunny', celsius: 21 }),
  });
  const agent = new Agent({ name: 'weather', instructions: 'You answer questions.', model: scriptedModel() as never, tools: [lookup] });
  return createVoltAgentAGUI({ agent });
}
