/**
 * The session engine's one public entry: everything outside src/session/ (the app, tests,
 * benchmarks, scripts) imports from `@/session`, never a file inside (eslint.config.js
 * enforces it), so the files behind it can move and split freely. README.md beside this
 * file says which file owns what.
 */
export { createLiveSession, type LiveSession, type LiveSessionOptions } from '@/session/create-live-session';
export { createReplaySession, RecordingUnreadable, type ReplaySession, type ReplaySessionOptions } from '@/session/create-replay-session';
export { assertNotWebPage, checkResponse, fetchRecording, RecordingNotFound } from '@/session/fetch-recording';
export { addLocalRecording, isLocalRecording, recordingLabel } from '@/session/local-recordings';
export { keptResume } from '@/session/reload-resume';
export { recordingForDownload } from '@/session/recording-for-download';
export { sendCommand, type CommandOutcome, type CommandTarget } from '@/session/command-channel';
export { paintAtOnce, type PaintSchedule } from '@/ingest/paint-schedule';
