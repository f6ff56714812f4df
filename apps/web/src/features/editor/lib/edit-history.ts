import { EMPTY_RECIPE, type BackgroundChoice, type EditRecipe, type RetouchRecipe } from '@studio-gallery/contract';

/** What the editor can change: the recipe an edited version is rendered from. */
export interface EditState {
  values: EditRecipe['values'];
  crop: EditRecipe['crop'];
  passport: EditRecipe['passport'];
  /** What is behind the person (the background panel); null: the photo's own. */
  background: BackgroundChoice | null;
  /** The free AI retouch (strength and controls), applied before everything else; null: none. */
  retouch: RetouchRecipe | null;
}

/**
 * Undo / redo over committed states. A slider drag shows every value it passes (`live`) but commits
 * one step when it ends, so one Ctrl+Z undoes one gesture, not one pixel of it.
 */
export interface EditHistory {
  past: EditState[];
  present: EditState;
  future: EditState[];
  /** What the preview shows: `present`, or a gesture in progress. */
  live: EditState;
}

export type EditAction =
  | { type: 'preview'; state: EditState }
  | { type: 'commit'; state: EditState }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'cancelPreview' }
  | { type: 'reset' }
  | { type: 'restart'; state: EditState };

/** Past steps kept: a long session of small moves stays cheap. */
export const HISTORY_LIMIT = 100;

export const EMPTY_EDIT: EditState = { values: EMPTY_RECIPE.values, crop: null, passport: null, background: null, retouch: null };

export function startHistory(state: EditState = EMPTY_EDIT): EditHistory {
  return { past: [], present: state, future: [], live: state };
}

export function editHistoryReducer(history: EditHistory, action: EditAction): EditHistory {
  switch (action.type) {
    case 'preview':
      return { ...history, live: action.state };
    case 'commit':
      if (sameEdit(action.state, history.present)) return { ...history, live: history.present };
      return {
        past: [...history.past, history.present].slice(-HISTORY_LIMIT),
        present: action.state,
        future: [],
        live: action.state,
      };
    case 'undo': {
      const previous = history.past.at(-1);
      if (!previous) return history;
      return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], live: previous };
    }
    case 'redo': {
      const [next, ...rest] = history.future;
      if (!next) return history;
      return { past: [...history.past, history.present], present: next, future: rest, live: next };
    }
    case 'cancelPreview':
      return { ...history, live: history.present };
    case 'reset':
      // Reset sets every slider to 0 (spec §5) and drops the crop, background and retouch; it is one undoable step.
      return editHistoryReducer(history, { type: 'commit', state: EMPTY_EDIT });
    case 'restart':
      return startHistory(action.state);
  }
}

export function sameEdit(a: EditState, b: EditState): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function toRecipe(state: EditState): EditRecipe {
  return {
    version: 1,
    values: state.values,
    crop: state.crop,
    passport: state.passport,
    ...(state.background ? { background: state.background } : {}),
    retouch: state.retouch,
  };
}

export function fromRecipe(recipe: EditRecipe | null | undefined): EditState {
  if (!recipe) return EMPTY_EDIT;
  return {
    values: { ...EMPTY_RECIPE.values, ...recipe.values },
    crop: recipe.crop,
    passport: recipe.passport,
    background: recipe.background ?? null,
    retouch: recipe.retouch ?? null,
  };
}
