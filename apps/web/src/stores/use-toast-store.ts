import type { ToastTone } from '@scrapper/ui/toast';
import { create } from 'zustand';

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}

interface ToastState {
  toasts: ToastItem[];
  show: (tone: ToastTone, message: string) => void;
  dismiss: (id: number) => void;
}

// More than a few stacked toasts cover the page on a phone; the oldest go first.
const MAX_TOASTS = 3;
let nextId = 1;

/** Short confirmations ('Pengguna berhasil dibuat.') shown by the Toaster in the layout. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show(tone, message) {
    const toast = { id: nextId++, tone, message };
    set((state) => ({ toasts: [...state.toasts, toast].slice(-MAX_TOASTS) }));
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));
