import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  NO_PLAYLIST,
  readSelection,
  resolveChoice,
  selectAccount,
  selectClientSecret,
  selectPlaylist,
  selectionStorageKey,
  writeSelection,
} from './selection.ts';

const chosen = { clientSecretId: 'cs1', accountId: 'acc1', playlistId: 'pl1' };

describe('account panel choices', () => {
  it('clears account and playlist when the client secret changes', () => {
    expect(selectClientSecret(chosen, 'cs2')).toEqual({
      clientSecretId: 'cs2',
      accountId: null,
      playlistId: null,
    });
  });

  it('clears only the playlist when the account changes', () => {
    expect(selectAccount(chosen, 'acc2')).toEqual({
      clientSecretId: 'cs1',
      accountId: 'acc2',
      playlistId: null,
    });
  });

  it('keeps everything when the same choice is made again', () => {
    expect(selectClientSecret(chosen, 'cs1')).toBe(chosen);
    expect(selectAccount(chosen, 'acc1')).toBe(chosen);
    expect(selectPlaylist(chosen, 'pl2')).toEqual({ ...chosen, playlistId: 'pl2' });
  });
});

describe('a saved choice against the loaded list', () => {
  it('keeps a saved choice the list holds', () => {
    expect(resolveChoice('b', ['a', 'b'])).toBe('b');
  });

  it('replaces a missing or cleared choice by the first entry', () => {
    expect(resolveChoice('gone', ['a', 'b'])).toBe('a');
    expect(resolveChoice(null, ['a', 'b'])).toBe('a');
  });

  it('chooses none when the list is empty', () => {
    expect(resolveChoice('gone', [])).toBeNull();
    expect(resolveChoice(null, [])).toBeNull();
  });

  it('keeps "no playlist" when it was chosen on purpose, for playlists only', () => {
    expect(resolveChoice(NO_PLAYLIST, ['a'], { allowNone: true })).toBe(NO_PLAYLIST);
    expect(resolveChoice(NO_PLAYLIST, ['a'])).toBe('a');
  });
});

describe('remembered across sessions', () => {
  it('reads back what was written, per user', () => {
    writeSelection(window.localStorage, 'u1', chosen);
    expect(readSelection(window.localStorage, 'u1')).toEqual(chosen);
    expect(readSelection(window.localStorage, 'u2')).toEqual(EMPTY_SELECTION);
  });

  it('treats an unreadable value as nothing saved', () => {
    window.localStorage.setItem(selectionStorageKey('u1'), '{not json');
    expect(readSelection(window.localStorage, 'u1')).toEqual(EMPTY_SELECTION);
    window.localStorage.setItem(selectionStorageKey('u1'), JSON.stringify({ accountId: 5 }));
    expect(readSelection(window.localStorage, 'u1')).toEqual(EMPTY_SELECTION);
  });
});
