/**
 * Never lose an event (issues 6 and 12), MARS: seeded runs under the fault proxy end in the
 * clean run's state (node statuses, run status, total cost, streamed words, graph).
 *
 * The faults are the ones a WebSocket to the real MARS server can have: cuts, exact repeats
 * (the server sends some frames twice) and pauses. A healthy WebSocket (TCP) neither loses
 * nor reorders single messages, so the proxy drops and reorders nothing. After a cut the tab
 * that started the run never opens the socket again — a new socket would steal the run, and
 * a second start frame would start it again — it watches over REST to the end, through the
 * same faulty proxy (its polls are cut too, and retried).
 */
import { describeSeededFaults } from '../support/seeded-fault-test';

// One-shot, MARS's default mode, never asks a person: the gate story starts in copilot mode, which asks after steps.
describeSeededFaults({
  id: 'mars',
  keyed: false,
  compare: 'watched',
  rates: { drop: 0, duplicate: 0.03, reorder: 0, reorderWindow: 5, delay: 0.02, delayMs: 60 },
  startConfigFor: (scenario) => (scenario === 'gate' ? { mode: 'copilot' } : undefined),
});
