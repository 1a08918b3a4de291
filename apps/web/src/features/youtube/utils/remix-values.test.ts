import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUDIO_REMIX,
  hasRemix,
  roundToStep,
  videoVolumeForRemix,
  volumeLabel,
  withAudioFile,
  withRemixUrl,
} from './remix-values.ts';

describe('audio remix', () => {
  it('starts at remix volume 1.0 and original volume 0.5', () => {
    expect(DEFAULT_AUDIO_REMIX.audioVolume).toBe(1);
    expect(DEFAULT_AUDIO_REMIX.videoVolume).toBe(0.5);
    expect(hasRemix(DEFAULT_AUDIO_REMIX)).toBe(false);
  });

  it('lowers the original volume to 0.3 when a remix is chosen and it is still 0.5', () => {
    expect(videoVolumeForRemix(0.5)).toBe(0.3);
    expect(withRemixUrl(DEFAULT_AUDIO_REMIX, 'https://youtu.be/x').videoVolume).toBe(0.3);
    // 0.1 + 0.4 as a slider may hand it back.
    expect(videoVolumeForRemix(0.1 + 0.4)).toBe(0.3);
  });

  it('leaves a volume the user set themselves', () => {
    expect(videoVolumeForRemix(0.8)).toBe(0.8);
    expect(videoVolumeForRemix(0.3)).toBe(0.3);
    const quiet = { ...DEFAULT_AUDIO_REMIX, videoVolume: 0.2 };
    expect(withRemixUrl(quiet, 'https://youtu.be/x').videoVolume).toBe(0.2);
  });

  it('applies the rule when a remix is chosen, not on later edits', () => {
    const chosen = withRemixUrl(DEFAULT_AUDIO_REMIX, 'h');
    expect(chosen.videoVolume).toBe(0.3);
    const backToHalf = { ...chosen, videoVolume: 0.5 };
    expect(withRemixUrl(backToHalf, 'ht').videoVolume).toBe(0.5);
    // Removing the remix and choosing one again is a new choice.
    const removed = withRemixUrl(backToHalf, '');
    expect(removed.videoVolume).toBe(0.5);
    expect(withRemixUrl(removed, 'https://youtu.be/y').videoVolume).toBe(0.3);
  });

  it('counts an audio file as a remix too, and removing it changes no volume', () => {
    const file = new File(['a'], 'lagu.mp3', { type: 'audio/mpeg' });
    const withFile = withAudioFile(DEFAULT_AUDIO_REMIX, file);
    expect(withFile.videoVolume).toBe(0.3);
    expect(hasRemix(withFile)).toBe(true);
    expect(withAudioFile(withFile, null).videoVolume).toBe(0.3);
  });

  it('shows slider values on their 0.1 step', () => {
    expect(roundToStep(0.30000000000000004)).toBe(0.3);
    expect(volumeLabel(1)).toBe('1.0 (100%)');
    expect(volumeLabel(0.3)).toBe('0.3 (30%)');
  });
});
