/**
 * Never lose an event (issue 6), myagent: seeded runs under the fault proxy end like the
 * clean run. myagent renumbers frames per connection, so there are no keys to compare: the
 * state is (node statuses, cost, gates, streamed words, graph). See seeded-fault-test.ts.
 *
 * The faults are the ones a WebSocket to the real server can have: cut connections (resumed
 * with reconnect_with_state), repeated and reordered frames, pauses. A single message is not
 * lost inside a healthy WebSocket (TCP), and myagent's own seq holes come from coalescing,
 * which the server does by design — so the proxy drops nothing here: a dropped frame could
 * only be refilled by closing the socket, and closing it cancels the run upstream.
 */
import { ISSUE_RATES } from '../support/fault-channel';
import { describeSeededFaults } from '../support/seeded-fault-test';

/**
 * myagent cannot recover a lost session_created or state_exported: without them there is no
 * session to resume (protocols/README.md). The proxy spares those frames, nothing else.
 */
const MYAGENT_SPARE = (unit: string) => /"event":"agent\.(session_created|state_exported|state_restored)"/.test(unit);

describeSeededFaults({ id: 'myagent', keyed: false, compare: 'state', spare: MYAGENT_SPARE, rates: { ...ISSUE_RATES, drop: 0 } });
