// Plain redux, no toolkit: an action creator per event, and a call to the BFF as three events.

/**
 * The action creator of one event (`cart/cleared`): `creator(...args)` is `{ type, ...prepare(...args) }`
 * (by default the first argument is the payload); `creator.type` names it, `creator.match(action)` tells it.
 */
export function event(type, prepare = (payload) => ({ payload })) {
  const creator = (...args) => ({ type, ...prepare(...args) });
  creator.type = type;
  creator.match = (action) => action?.type === type;
  return creator;
}

/** What a refused or failed call leaves in a `rejected` event: serialisable, the screens' notices read it. */
export const failure = (error) => ({
  message: error?.message,
  status: error?.status ?? 0,
  code: error?.code ?? null,
});

/**
 * A call to the BFF as events: `${type}/pending`, then `${type}/fulfilled` with its answer or
 * `${type}/rejected` with its failure (meta.arg is the call's argument on each, meta.requestStatus
 * the stage). `run(api, arg,
 * { getState })` makes the call; the thunk resolves to the last event, so a screen can tell
 * `thunk.fulfilled.match(result)` and read `result.payload`.
 */
export function request(type, run) {
  // meta.requestStatus as Redux Toolkit's thunks said it (a screen may read it, CartLines does).
  const outcome = (requestStatus) => (payload, arg) => ({ payload, meta: { arg, requestStatus } });
  const pending = event(`${type}/pending`, (arg) => ({ meta: { arg, requestStatus: 'pending' } }));
  const fulfilled = event(`${type}/fulfilled`, outcome('fulfilled'));
  const rejected = event(`${type}/rejected`, outcome('rejected'));
  const thunk = (arg) => async (dispatch, getState, extra) => {
    dispatch(pending(arg));
    let outcome;
    try {
      outcome = fulfilled(await run(extra?.api, arg, { getState }), arg);
    } catch (error) {
      outcome = rejected(failure(error), arg);
    }
    return dispatch(outcome);
  };
  return Object.assign(thunk, { type, pending, fulfilled, rejected });
}

/** Functions dispatched are run with (dispatch, getState, extra): redux-thunk's contract in three lines. */
export const thunkMiddleware =
  (extra) =>
  ({ dispatch, getState }) =>
  (next) =>
  (action) =>
    typeof action === 'function' ? action(dispatch, getState, extra) : next(action);

/**
 * A selector that computes again only when one of its inputs changed (by identity), so a list it
 * derives is the same array between unrelated store changes and does not re-render its users.
 */
export function memoized(inputs, combine) {
  let last = null;
  let value;
  return (state) => {
    const args = inputs.map((input) => input(state));
    if (!last || args.some((arg, i) => arg !== last[i])) {
      value = combine(...args);
      last = args;
    }
    return value;
  };
}
