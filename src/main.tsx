import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { parseRoute } from '@/app/url-contract';
import { fetchEarly } from '@/lib/early-fetch';
import { warmDialectOfRecording } from '@/protocol/load-dialect';

import './index.css';

// A replay link's recording downloads while the replay page's code loads (lib/early-fetch.ts), and its dialect's code with it.
const route = parseRoute(window.location.search, []);
if (route.kind === 'replay') fetchEarly(route.replay, warmDialectOfRecording);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
