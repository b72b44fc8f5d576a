// @vitest-environment jsdom
/**
 * How a gate's deadline reads. A deadline the backend's code sets but the frame does not
 * state (myagent: 600 s for a plan, 300 s for a tool, neither sent) reads "About …", and once
 * it has passed by this browser's clock the reviewer is told what the server does at the end
 * of its wait — never "time is up", which the server (whose clock may lag) may not yet agree
 * with. A stated deadline keeps its plain countdown.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { GateCountdown } from '@/features/gates/gate-countdown';

afterEach(cleanup);

const TOOL = 'myagent denies the tool call without sending any event, and the agent goes on without it';
const MINUTE = 60_000;

describe('gate deadline wording', () => {
  it('an estimated deadline ahead reads "About … left" and says the request stated none', () => {
    render(<GateCountdown deadlineAtMs={Date.now() + 5 * MINUTE} onTimeout={TOOL} estimated />);
    expect(screen.getByText(/^About/)).toBeTruthy();
    expect(document.body.textContent).toMatch(/left — on timeout, myagent denies the tool call/);
    expect(document.body.textContent).toMatch(/states no deadline/);
  });

  it('an estimated deadline that passed says what the server does, never "time is up"', () => {
    render(<GateCountdown deadlineAtMs={Date.now() - MINUTE} onTimeout={TOOL} estimated />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/server's wait has most likely ended.*myagent denies the tool call/);
    expect(alert.textContent).not.toMatch(/time is up/i);
  });

  it('a stated deadline keeps its countdown without "about"', () => {
    render(<GateCountdown deadlineAtMs={Date.now() + 5 * MINUTE} onTimeout="reject" />);
    expect(document.body.textContent).not.toMatch(/about/i);
    expect(document.body.textContent).toMatch(/left — on timeout, the backend will reject it/);
  });
});
