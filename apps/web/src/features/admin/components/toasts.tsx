import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type ShowToast, TOAST_DURATION_MS, ToastContext, type ToastTone } from '../hooks/use-toast';

interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

const MAX_VISIBLE = 3;

const toneStyles: Record<ToastTone, { box: string; icon: typeof Info }> = {
  success: { box: 'border-success/30 text-success', icon: CircleCheck },
  error: { box: 'border-danger/30 text-danger', icon: CircleAlert },
  info: { box: 'border-line text-accent', icon: Info },
};

/** Provides useToast to the panel and shows its notices top right, under the header, newest last. */
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

  const show = useCallback<ShowToast>((text, tone = 'success') => {
    nextId.current += 1;
    const id = nextId.current;
    // A burst of notices (search, then sort, then a change) keeps only the newest few on screen.
    setToasts((current) => [...current, { id, text, tone }].slice(-MAX_VISIBLE));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, TOAST_DURATION_MS);
    timers.current.add(timer);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="pointer-events-none fixed top-20 right-4 z-[60] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2">
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
      </div>
    </ToastContext.Provider>
  );
}
