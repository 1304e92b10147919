import { useEffect } from 'react';

/**
 * Rendered beside the router by both entries, so both trees have the same shape: React's useId
 * (form field ids) numbers by position in the tree, and a sibling on one side only would make
 * every id differ between the server's HTML and the browser's first render. On the server it does
 * nothing; in the browser `onHydrated` runs once the server HTML is interactive.
 */
export default function Hydrated({ onHydrated = null }) {
  useEffect(() => {
    onHydrated?.();
  }, [onHydrated]);
  return null;
}
