import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiCall } from './useApiCall.js';

/**
 * Load data for a private screen in the browser (the server renders those as a
 * shell): { data, error, loaded, reload }. `fetch(api)` runs again when a value in `deps` changes.
 */
export function useRemote(fetch, deps) {
  const call = useApiCall();
  const [state, setState] = useState({ data: null, error: null, loaded: false });
  const latest = useRef(0);
  // The newest `fetch` is read at call time, so a reload never uses a stale closure.
  const fetchRef = useRef(fetch);
  useEffect(() => {
    fetchRef.current = fetch;
  });
  const reload = useCallback(async () => {
    const id = ++latest.current;
    try {
      const data = await call(fetchRef.current);
      if (id === latest.current) setState({ data, error: null, loaded: true });
      return data;
    } catch (error) {
      if (id === latest.current) setState((s) => ({ data: s.data, error, loaded: true }));
      return null;
    }
  }, [call]);
  const key = JSON.stringify(deps);
  useEffect(() => {
    reload();
  }, [reload, key]);
  return { ...state, reload };
}
