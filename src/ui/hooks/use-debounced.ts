// A value that follows its input only once the input has rested (the 500 ms of the analytics requests). Inputs are
// compared by content, so a new object with the same contents is not a change.
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  const settledKey = JSON.stringify(settled);
  useEffect(() => {
    if (key === settledKey) return;
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, settledKey, ms]);
  return settled;
}
