/**
 * The simulator's fan-out scenario costs, in micro-USD: plan 0.0021, six researchers
 * 0.0034..0.0039, writer 0.0065 USD. Tests that run it whole check the total against this.
 */
export const FANOUT_TOTAL_MICROS = 2100 + 3400 + 3500 + 3600 + 3700 + 3800 + 3900 + 6500;
