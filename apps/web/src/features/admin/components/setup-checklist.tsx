import type { SetupChecklist as Checklist, SetupItem } from '@sayso/contract/setup';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, ChevronDown, CircleAlert, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { adminSetupQuery } from '../api/admin-setup';
import { buttonStyles, cardStyle } from './styles';

const LINKS = { models: { to: '/admin-panel/models', label: 'Open the Models page' } } as const;

const STATE_LOOK = {
  done: { icon: CheckCircle2, className: 'text-success', label: 'Done' },
  todo: { icon: CircleAlert, className: 'text-danger', label: 'To do' },
  info: { icon: Info, className: 'text-accent', label: 'Optional' },
} as const;

/**
 * The first-run checklist at the top of the panel: open while something is left to do, one line
 * ("Setup complete") once everything is done, and staff can open or close it either way. It stays
 * out of the way when it cannot be loaded: the users list below is what the panel is for.
 */
export function SetupChecklist() {
  const setup = useQuery(adminSetupQuery);
  if (!setup.data) return null;
  // Keyed by completeness, so finishing the last item collapses it and a new gap opens it again.
  return <ChecklistCard key={String(setup.data.complete)} checklist={setup.data} />;
}

function ChecklistCard({ checklist }: { checklist: Checklist }) {
  const [open, setOpen] = useState(!checklist.complete);
  const listId = useId();
  const todo = checklist.items.filter((item) => item.state === 'todo').length;
  return (
    <section aria-labelledby={`${listId}-title`} className={`mt-8 ${cardStyle}`} data-testid="setup-checklist">
      <div className="flex items-center gap-3 p-4 sm:px-6">
        {checklist.complete ? (
          <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0 text-success" />
        ) : (
          <CircleAlert aria-hidden className="h-5 w-5 shrink-0 text-danger" />
        )}
        <div className="min-w-0 flex-1">
          <h2 id={`${listId}-title`} className="font-semibold">
            {checklist.complete ? 'Setup complete' : 'Finish setting up'}
          </h2>
          <p className="text-sm text-muted">
            {checklist.complete
              ? 'Everything users need is in place.'
              : `${todo} ${todo === 1 ? 'thing' : 'things'} to do before you sell speech.`}
          </p>
        </div>
        <button
          type="button"
          className={buttonStyles.ghost}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          <span className="max-sm:sr-only">{open ? 'Hide checklist' : 'Show checklist'}</span>
          <ChevronDown aria-hidden className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </div>
      {open && (
        <ul id={listId} className="divide-y divide-line border-t border-line">
          {checklist.items.map((item) => (
            <ChecklistItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ChecklistItem({ item }: { item: SetupItem }) {
  const look = STATE_LOOK[item.state];
  const link = item.link ? LINKS[item.link] : null;
  return (
    <li className="flex gap-3 px-4 py-3 sm:px-6" data-state={item.state}>
      <look.icon aria-hidden className={`mt-0.5 h-5 w-5 shrink-0 ${look.className}`} />
      <div className="min-w-0">
        <p className="font-medium">
          {item.title}
          <span className="sr-only">: {look.label}</span>
        </p>
        <p className="mt-0.5 text-sm break-words text-muted">
          <WithSettingNames text={item.detail} />
        </p>
        {link && item.state !== 'done' && (
          <Link
            to={link.to}
            className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-accent hover:text-accent-strong"
          >
            {link.label}
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        )}
      </div>
    </li>
  );
}

/** An environment variable's name (CHAT_NUMBER) in the advice, set in code type so it reads as the thing to type. */
const SETTING_NAME = /\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/;

function WithSettingNames({ text }: { text: string }) {
  // split() with a capturing group puts the names at the odd positions.
  return text.split(SETTING_NAME).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never move.
      <code key={index} className="rounded bg-surface px-1 font-mono text-[0.8125rem] text-ink">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
