import { createContext, useContext } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

/**
 * What a notice is about. A new notice replaces the one of its kind on screen, so ten searches
 * leave one "Successfully loaded" notice, not a pile.
 */
export type ToastKind = 'users-list' | 'balance' | 'default-credits' | 'session' | 'models' | 'suspension';

export type ShowToast = (kind: ToastKind, text: string, tone?: ToastTone) => void;

/** Spec section 9: every notice goes away on its own after 3 seconds. */
export const TOAST_DURATION_MS = 3000;

export const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a <Toasts> provider above it');
  return show;
}
