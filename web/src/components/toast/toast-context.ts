import { createContext } from 'react';

export type ToastVariation = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  variation: ToastVariation;
  message: string;
}

/** What screens use to show a short message that hides itself (spec §9: after 3 s). */
export interface ToastApi {
  show: (variation: ToastVariation, message: string) => void;
  success: (message: string) => void;
  error: (message: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
