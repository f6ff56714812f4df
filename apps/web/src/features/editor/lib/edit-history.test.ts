import { describe, expect, it } from 'vitest';
import { EMPTY_EDIT, HISTORY_LIMIT, editHistoryReducer, fromRecipe, sameEdit, startHistory, toRecipe, type EditState } from './edit-history';

const withExposure = (exposure: number): EditState => ({ ...EMPTY_EDIT, values: { ...EMPTY_EDIT.values, exposure } });

describe('edit history', () => {
  it('previews a gesture without a step, then commits it as one step', () => {
    let h = startHistory();
    h = editHistoryReducer(h, { type: 'preview', state: withExposure(0.1) });
    h = editHistoryReducer(h, { type: 'preview', state: withExposure(0.5) });
    expect(h.live.values.exposure).toBe(0.5);
    expect(h.past).toHaveLength(0);
    h = editHistoryReducer(h, { type: 'commit', state: withExposure(0.5) });
    expect(h.past).toHaveLength(1);
    expect(h.present.values.exposure).toBe(0.5);
  });

  it('undoes and redoes, and a new step drops the redo branch', () => {
    let h = startHistory();
    h = editHistoryReducer(h, { type: 'commit', state: withExposure(1) });
    h = editHistoryReducer(h, { type: 'commit', state: withExposure(2) });
    h = editHistoryReducer(h, { type: 'undo' });
    expect(h.live.values.exposure).toBe(1);
    h = editHistoryReducer(h, { type: 'redo' });
    expect(h.live.values.exposure).toBe(2);
    h = editHistoryReducer(h, { type: 'undo' });
    h = editHistoryReducer(h, { type: 'commit', state: withExposure(-1) });
    expect(h.future).toHaveLength(0);
    expect(editHistoryReducer(h, { type: 'redo' })).toBe(h);
  });

  it('ignores undo with nothing done and a commit that changes nothing', () => {
    const h = startHistory();
    expect(editHistoryReducer(h, { type: 'undo' })).toBe(h);
    expect(editHistoryReducer(h, { type: 'commit', state: EMPTY_EDIT }).past).toHaveLength(0);
  });

  it('reset is one undoable step back to all zeros', () => {
    let h = editHistoryReducer(startHistory(), { type: 'commit', state: withExposure(1.5) });
    h = editHistoryReducer(h, { type: 'reset' });
    expect(sameEdit(h.present, EMPTY_EDIT)).toBe(true);
    h = editHistoryReducer(h, { type: 'undo' });
    expect(h.present.values.exposure).toBe(1.5);
  });

  it('keeps at most HISTORY_LIMIT steps', () => {
    let h = startHistory();
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = editHistoryReducer(h, { type: 'commit', state: withExposure((i % 40) / 20 - 1) });
    expect(h.past.length).toBeLessThanOrEqual(HISTORY_LIMIT);
  });

  it('round-trips a recipe', () => {
    const state: EditState = { ...withExposure(0.3), crop: { preset: 'circle', zoom: 30, x: 0.1, y: 0.1, width: 0.5, height: 0.5 }, passport: null };
    expect(fromRecipe(toRecipe(state))).toEqual(state);
    expect(fromRecipe(null)).toEqual(EMPTY_EDIT);
  });
});
