/**
 * A Mastra agent served through Mastra's official AG-UI adapter (`@ag-ui/mastra`), on the
 * scripted model. Its `deploy` tool needs approval the way Mastra tools ask for it: it
 * suspends with a question and resumes only with `{approved: boolean}` (its resumeSchema).
 * `deployed` records what the tool really did, so a test can tell an approval carried out
 * from one that was not.
 */
import { MastraAgent } from '@ag-ui/mastra';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import * as z from 'zod';

import { scriptedModel } from './scripted-model';

export type MastraHarness = { agent: MastraAgent; deployed: string[]; asked: number };

export function createMastraHarness(): MastraHarness {
  const harness = { deployed: [] as string[], asked: 0 } as MastraHarness;
  const deploy = createTool({
    id: 'deploy',
    description: 'Deploy a release (asks a person first)',
    inputSchema: z.object({ release: z.string(), target: z.string() }),
    suspendSchema: z.object({ question: z.string() }),
    resumeSchema: z.object({ approved: z.boolean() }),
    execute: async (input, context) => {
      const agent = context.agent;
      if (agent?.resumeData === undefined) {
        harness.asked += 1;
        await agent?.suspend({ question: `Deploy release ${input.release} to ${input.target}?` });
        return undefined;
      }
      if (!agent.resumeData.approved) return { deployed: null, reason: 'the reviewer said no' };
      harness.deployed.push(input.release);
      return { deployed: input.release };
    },
  });
  const lookup = createTool({
    id: 'lookup',
    description: 'Weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, sky: 'sunny', celsius: 21 }),
  });
  // Mastra's adapter turns this tool's arguments into AG-UI state (STATE_SNAPSHOT / STATE_DELTA).
  const updateWorkingMemory = createTool({
    id: 'updateWorkingMemory',
    description: 'Remember facts for this thread',
    inputSchema: z.object({ memory: z.record(z.string(), z.unknown()) }),
    execute: async () => ({ success: true }),
  });
  const ops = new Agent({ id: 'ops', name: 'ops', instructions: 'You deploy releases.', model: scriptedModel(), tools: { deploy, lookup, updateWorkingMemory } });
  const mastra = new Mastra({ agents: { ops }, storage: new InMemoryStore(), logger: false });
  harness.agent = new MastraAgent({ agentId: 'ops', agent: mastra.getAgent('ops'), resourceId: 'runboard-test' });
  return harness;
}
