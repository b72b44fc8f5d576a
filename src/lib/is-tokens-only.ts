/**
 * A cost record that states no price: a zero carrying only token counts (myagent and
 * Shannon send tokens without a price). Views and the run store read it as "tokens
 * reported, no cost reported", never as a cost of $0.00.
 */
export function isTokensOnly(record: {
  micros: number;
  cumulativeMicros?: number | undefined;
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  unsplitTokens?: number | undefined;
}): boolean {
  const carriesTokens = record.inputTokens !== undefined || record.outputTokens !== undefined || record.unsplitTokens !== undefined;
  return record.micros === 0 && record.cumulativeMicros === undefined && carriesTokens;
}
