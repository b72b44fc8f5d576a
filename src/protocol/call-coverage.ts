/**
 * What each protocol's stream tells about a model call, by dialect: kept out of the dialect
 * objects so the words load with the Calls view, not with every page.
 */
import type { CallCoverage, DialectId } from '@/protocol/dialect';
import { aguiCalls } from '@/protocol/agui/agui-calls';
import { marsCalls } from '@/protocol/mars/mars-calls';
import { myagentCalls } from '@/protocol/myagent/myagent-calls';
import { relaviumCalls } from '@/protocol/relavium/relavium-calls';
import { shannonCalls } from '@/protocol/shannon/shannon-calls';
import { tolkyCalls } from '@/protocol/tolky/tolky-calls';

export const CALL_COVERAGE: Readonly<Record<DialectId, CallCoverage>> = {
  agui: aguiCalls,
  mars: marsCalls,
  myagent: myagentCalls,
  relavium: relaviumCalls,
  shannon: shannonCalls,
  tolky: tolkyCalls,
};
