import { API_KEY_SCOPES } from '@sayso/contract/api-keys';
import { LoaderCircle, Plus } from 'lucide-react';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { InlineMessage } from '@/components/ui/inline-message';
import type { CreateKeyForm as CreateKeyFormState } from '../hooks/use-create-key-form';
import { SCOPE_DETAILS } from '../lib/key-display';

const inputLook =
  'h-11 w-full rounded-control border border-line bg-card px-3 text-sm text-ink placeholder:text-muted/70 focus:border-accent focus:outline-none focus-visible:outline-2 aria-[invalid=true]:border-danger';

function FieldProblem({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-danger">
      {message}
    </p>
  );
}

/** Name, scopes (all ticked to start with) and an optional monthly character cap; problems show beside their field. */
export function CreateKeyForm({ form }: { form: CreateKeyFormState }) {
  const { draft, problems } = form;
  return (
    <section aria-labelledby="create-key-title" className={studioCardStyle}>
      <h2 id="create-key-title" className="text-lg font-semibold text-ink">
        Create a key
      </h2>
      <form
        noValidate
        className="mt-4 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <div className="grid gap-5 md:grid-cols-2">
          <div>
            <label htmlFor="key-name" className="block text-sm font-semibold text-ink">
              Name
            </label>
            <input
              id="key-name"
              value={draft.name}
              onChange={(event) => form.setName(event.target.value)}
              placeholder="e.g. Audiobook script"
              maxLength={80}
              autoComplete="off"
              aria-invalid={Boolean(problems.name)}
              aria-describedby={problems.name ? 'key-name-problem' : undefined}
              className={`mt-1.5 ${inputLook}`}
            />
            <FieldProblem id="key-name-problem" message={problems.name} />
          </div>

          <div>
            <label htmlFor="key-cap" className="block text-sm font-semibold text-ink">
              Monthly character cap <span className="font-normal text-muted">(optional)</span>
            </label>
            <input
              id="key-cap"
              inputMode="numeric"
              value={draft.monthlyCap}
              onChange={(event) => form.setMonthlyCap(event.target.value)}
              placeholder="No cap"
              autoComplete="off"
              aria-invalid={Boolean(problems.monthlyCap)}
              aria-describedby={problems.monthlyCap ? 'key-cap-hint key-cap-problem' : 'key-cap-hint'}
              className={`mt-1.5 ${inputLook}`}
            />
            <p id="key-cap-hint" className="mt-1.5 text-xs text-muted">
              The most characters this key may turn into speech each calendar month. Leave blank for no cap.
            </p>
            <FieldProblem id="key-cap-problem" message={problems.monthlyCap} />
          </div>
        </div>

        <fieldset aria-describedby={problems.scopes ? 'key-scopes-problem' : undefined}>
          <legend className="text-sm font-semibold text-ink">Scopes</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {API_KEY_SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex cursor-pointer items-start gap-2.5 rounded-control border border-line p-3 has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
              >
                <input
                  type="checkbox"
                  checked={draft.scopes.includes(scope)}
                  onChange={(event) => form.toggleScope(scope, event.target.checked)}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-ink">{SCOPE_DETAILS[scope].label}</span>
                  <span className="block text-xs text-muted">{SCOPE_DETAILS[scope].description}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldProblem id="key-scopes-problem" message={problems.scopes} />
        </fieldset>

        {form.failure ? (
          <InlineMessage tone="error" messageKey={form.failure}>
            {form.failure}
          </InlineMessage>
        ) : null}

        <button type="submit" disabled={form.creating} aria-busy={form.creating} className={buttonStyles.primary}>
          {form.creating ? (
            <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
          ) : (
            <Plus aria-hidden className="h-4 w-4" />
          )}
          {form.creating ? 'Creating key…' : 'Create key'}
        </button>
      </form>
    </section>
  );
}
