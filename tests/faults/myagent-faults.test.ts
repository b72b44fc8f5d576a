/**
 * Never lose an event (issue 6), myagent: seeded runs under the fault proxy end like the
 * clean run. myagent renumbers frames per connection, so there are no keys to compare.
 *
 * The faults are the ones a healthy WebSocket to the real server can be put through here:
 * repeated and reordered frames and pauses (a stress of the sequencer). Not lost frames: a
 * message is not lost inside a healthy WebSocket (TCP). Not cuts: the real server cancels a
 * session's run when its socket closes, so a cut run ends cancelled by design — that case is
 * tests/integration/myagent-live.test.ts. The streamed words are not compared: the server
 * coalesces partial answers by wall time, so which words are sent differs from run to run.
 */
import { ISSUE_RATES } from '../support/fault-channel';
import { describeSeededFaults } from '../support/seeded-fault-test';

describeSeededFaults({ id: 'myagent', keyed: false, compare: 'outcome', rates: { ...ISSUE_RATES, drop: 0 }, cuts: false });
