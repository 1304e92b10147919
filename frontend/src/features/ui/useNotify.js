import { useDispatch } from 'react-redux';
import { toastShown } from './toastSlice.js';

export function useNotify() {
  const dispatch = useDispatch();
  return (type, message) => dispatch(toastShown(type, message));
}
