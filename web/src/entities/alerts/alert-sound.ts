/**
 * A short tone through the Web Audio API (no sound file to ship): two rising notes for good news (a
 * fill, a target), two falling ones for bad news. Browsers start audio only after the user has touched
 * the page, so turning alerts on (a click) also unlocks the sound with `unlock()`.
 */
export type AudioContextFactory = () => AudioContext | null;

const NOTE_SECONDS = 0.14;
const VOLUME = 0.2;
const RISING = [660, 880] as const;
const FALLING = [440, 294] as const;

export interface AlertSound {
  play(good: boolean): void;
  unlock(): void;
}

export function createAlertSound(makeContext: AudioContextFactory): AlertSound {
  let context: AudioContext | null = null;
  const ready = (): AudioContext | null => {
    context ??= makeContext();
    if (context?.state === 'suspended') void context.resume().catch(() => undefined);
    return context;
  };
  const note = (audio: AudioContext, frequency: number, start: number) => {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, start);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(VOLUME, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + NOTE_SECONDS);
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + NOTE_SECONDS + 0.02);
  };
  return {
    play(good) {
      const audio = ready();
      if (!audio) return;
      (good ? RISING : FALLING).forEach((frequency, index) => note(audio, frequency, audio.currentTime + index * NOTE_SECONDS));
    },
    unlock() {
      ready();
    },
  };
}

/** The browser's AudioContext (looked up when first needed), or null where there is none. */
export const browserAudioContext: AudioContextFactory = () => {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  return Context ? new Context() : null;
};
