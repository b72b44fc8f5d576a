/** Every dialect Runboard speaks, by id (the order the start page lists them in). */
import { aguiDialect } from '@/protocol/agui/agui-dialect';
import type { Dialect, DialectId } from '@/protocol/dialect';
import { marsDialect } from '@/protocol/mars/mars-dialect';
import { myagentDialect } from '@/protocol/myagent/myagent-dialect';
import { relaviumDialect } from '@/protocol/relavium/relavium-dialect';
import { shannonDialect } from '@/protocol/shannon/shannon-dialect';
import { tolkyDialect } from '@/protocol/tolky/tolky-dialect';

export const DIALECTS: Readonly<Record<DialectId, Dialect>> = {
  relavium: relaviumDialect,
  tolky: tolkyDialect,
  myagent: myagentDialect,
  mars: marsDialect,
  shannon: shannonDialect,
  agui: aguiDialect,
};

export function dialectById(id: string): Dialect | undefined {
  return (DIALECTS as Record<string, Dialect | undefined>)[id];
}
