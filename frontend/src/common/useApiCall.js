import { useCallback } from 'react';
import { useDispatch } from 'react-redux';

/**
 * Run a call with this browser's axios client (the store's thunk argument), so
 * screens need no second way of reaching it: `await call((api) => register(api, form))`.
 */
export function useApiCall() {
  const dispatch = useDispatch();
  return useCallback((fn) => dispatch((_dispatch, _getState, { api }) => fn(api)), [dispatch]);
}
