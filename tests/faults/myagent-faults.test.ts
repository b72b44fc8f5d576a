/**
 * Never lose an event (issue 6), myagent: seeded runs under the fault proxy end like the
 * clean run. myagent renumbers frames per connection, so there are no keys to compare: the
 * state is (node statuses, cost, gates, streamed words, graph). See seeded-fault-test.ts.
 */
import { describeSeededFaults } from '../support/seeded-fault-test';

/**
 * myagent cannot recover a lost session_created or state_exported: without them there is no
 * session to resume (protocols/README.md). The proxy spares those frames, nothing else.
 */
const MYAGENT_SPARE = (unit: string) => /"event":"agent\.(session_created|state_exported|state_restored)"/.test(unit);

describeSeededFaults({ id: 'myagent', keyed: false, compare: 'state', spare: MYAGENT_SPARE });
