/**
 * Never lose an event (issue 6), shannon: seeded runs under the fault proxy end exactly like the
 * clean run: the same node statuses, cost, gates, chapters, events and streamed words, the
 * same event keys, nothing twice. See tests/support/seeded-fault-test.ts.
 */
import { describeSeededFaults } from '../support/seeded-fault-test';

describeSeededFaults({ id: 'shannon', keyed: true, compare: 'exact' });
