import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type ShowToast, TOAST_DURATION_MS, ToastContext, type ToastKind, type ToastTone } from '../hooks/use-toast';

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  tone: ToastTone;
}

const toneStyles: Record<ToastTone, { box: string; icon: typeof Info }> = {
  success: { box: 'border-success/30 text-success', icon: CircleCheck },
  error: { box: 'border-danger/30 text-danger', icon: CircleAlert },
  info: { box: 'border-line text-accent', icon: Info },
};

/** The notices with `toast` in place of the one of its kind, or added after the others if none. */
function withToast(current: Toast[], toast: Toast): Toast[] {
  const replaced = current.map((shown) => (shown.kind === toast.kind ? toast : shown));
  return replaced.includes(toast) ? replaced : [...current, toast];
}

/**
 * Provides useToast to the panel and shows at most one notice per kind, along the bottom edge:
 * there they cover neither the page heading nor a dialog's title, which sit at the top of the
 * page and of the (centred) dialog; on wide screens they keep to the right of a dialog.
 */
export function Toasts({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const show = useCallback<ShowToast>((kind, text, tone = 'success') => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((current) => withToast(current, { id, kind, text, tone }));
    // A replaced notice's timer finds nothing to remove; the newest one gets its full 3 seconds.
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, TOAST_DURATION_MS);
    timers.current.add(timer);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex flex-col gap-2 sm:left-auto sm:w-full sm:max-w-sm"
      >
        {toasts.map((toast) => {
          const { box, icon: Icon } = toneStyles[toast.tone];
          return (
            <div
              key={toast.id}
              role="status"
              className={`pointer-events-auto flex items-start gap-3 rounded-control border bg-card px-4 py-3 text-sm font-medium shadow-lg ${box}`}
            >
              <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              <span className="text-ink">{toast.text}</span>
            </div>
          );
        })}
      </section>
    </ToastContext.Provider>
  );
}
