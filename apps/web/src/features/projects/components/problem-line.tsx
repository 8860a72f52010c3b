import { Link } from 'react-router';
import { problemOf } from '../lib/problems';

/** A failed call's message beside the control it is about, with a way to buy credits when they ran short. */
export function ProblemLine({ error }: { error: unknown }) {
  if (!error) return null;
  const problem = problemOf(error);
  return (
    <p role="alert" className="rounded-control bg-danger-soft px-3 py-2 text-sm text-danger">
      {problem.message}
      {problem.needsCredits ? (
        <>
          {' '}
          <Link to="/pricing" className="font-semibold underline">
            Buy credits
          </Link>
        </>
      ) : null}
    </p>
  );
}
