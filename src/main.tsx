import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { parseRoute } from '@/app/url-contract';
import { fetchEarly } from '@/lib/early-fetch';
import { warmDialectOfRecording } from '@/protocol/load-dialect';

import './index.css';

// A replay link's recording downloads while the replay page's code loads (lib/early-fetch.ts), and its dialect's code with
// it; and it is decoded as soon as the code that decodes it is here, before the page's (app/run/replay-opening.ts).
const route = parseRoute(window.location.search, []);
if (route.kind === 'replay') {
  const source = route.replay;
  fetchEarly(source, warmDialectOfRecording);
  void import('@/app/run/replay-opening').then(({ openReplayEarly }) => openReplayEarly(source));
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
