import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  NO_PLAYLIST,
  readSelection,
  resolveChoice,
  resolvePlaylist,
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
});

describe("the playlist is only ever the member's pick", () => {
  it('keeps a saved pick the list still holds', () => {
    expect(resolvePlaylist('b', ['a', 'b'])).toBe('b');
  });

  it('stays "Tanpa playlist" when nothing was picked or the pick is gone, never the first entry', () => {
    expect(resolvePlaylist(null, ['a', 'b'])).toBeNull();
    expect(resolvePlaylist(NO_PLAYLIST, ['a', 'b'])).toBeNull();
    expect(resolvePlaylist('gone', ['a', 'b'])).toBeNull();
    expect(resolvePlaylist(null, [])).toBeNull();
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
