import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiCall } from './useApiCall.js';

/**
 * Load data for a private screen in the browser (the server renders those as a
 * shell): { data, error, loaded, reload }. `fetch(api)` runs again when deps change.
 */
export function useRemote(fetch, deps) {
  const call = useApiCall();
  const [state, setState] = useState({ data: null, error: null, loaded: false });
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const id = ++latest.current;
    try {
      const data = await call(fetch);
      if (id === latest.current) setState({ data, error: null, loaded: true });
      return data;
    } catch (error) {
      if (id === latest.current) setState((s) => ({ data: s.data, error, loaded: true }));
      return null;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(() => {
    reload();
  }, [reload]);
  return { ...state, reload };
}
