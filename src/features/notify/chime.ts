/**
 * The optional sound: two short sine notes made with WebAudio, no audio file. Browsers
 * start an AudioContext only after a gesture in the page, so `unlockChime` runs from the
 * click that turns the sound on (and from the first click after a reload); until then a
 * chime is silently skipped, never queued.
 */
let context: AudioContext | undefined;

const NOTES_HZ = [880, 1320] as const;
const NOTE_S = 0.12;
const PEAK_GAIN = 0.15;

/** Creates or resumes the audio context; call from a person's click. */
export function unlockChime(): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
}

/** Plays the chime when the page may make sound; does nothing otherwise. */
export function playChime(): void {
  if (!context || context.state !== 'running') return;
  const start = context.currentTime;
  NOTES_HZ.forEach((hz, i) => playNote(context!, hz, start + i * NOTE_S));
}

function playNote(audio: AudioContext, hz: number, at: number): void {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = hz;
  // A quick rise and an exponential fall: no click at either end.
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_S);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(at);
  oscillator.stop(at + NOTE_S + 0.02);
}
