import { Toast } from '@scrapper/ui/toast';
import { ToastRegion } from '@scrapper/ui/toast-region';
import { useToastStore } from '@/stores/use-toast-store.ts';

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <ToastRegion>
      {toasts.map((toast) => (
        <Toast key={toast.id} tone={toast.tone} onDismiss={() => dismiss(toast.id)}>
          {toast.message}
        </Toast>
      ))}
    </ToastRegion>
  );
}
