/** Runs `run` once its Suspense boundary's content has committed (hydrated, or rendered afresh). */
import { useEffect } from 'react';

export function OnCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}
