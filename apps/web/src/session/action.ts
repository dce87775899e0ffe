import type { UnknownAction } from 'redux';

/**
 * An action creator, as Redux Toolkit's `createAction` makes one, without the toolkit (its code and immer would be on
 * every page's first load): `created(payload)` is the action, `created.type` its type, `created.match(action)` tells.
 */
export function actionCreator<P = void>(type: string) {
  const create = (payload: P): { type: string; payload: P } => ({ type, payload });
  const match = (action: UnknownAction): action is { type: string; payload: P } => action.type === type;
  return Object.assign(create, { type, match });
}
