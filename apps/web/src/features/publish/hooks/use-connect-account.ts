import type { ConnectPlatform } from '@scrapper/contracts/rules/publish-destinations';
import { useCallback } from 'react';
import { useOAuthPopup } from '@/hooks/use-oauth-popup.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { getConnectUrl } from '../api.ts';
import { PUBLISH_TEXT } from '../utils/publish-text.ts';

const POPUP_TEXTS = {
  popupBlocked: PUBLISH_TEXT.popupBlocked,
  timeout: PUBLISH_TEXT.oauthTimeout,
  noAuthUrl: PUBLISH_TEXT.noAuthUrl,
};

/** "Hubungkan TikTok" / "Hubungkan Meta": the app's consent page in the popup, then a reload. */
export function useConnectAccount(onFinished: () => void) {
  const popup = useOAuthPopup<ConnectPlatform>(onFinished, POPUP_TEXTS);
  const { start } = popup;
  const connect = useCallback(
    (platform: ConnectPlatform, clientSecretId: string) =>
      start(
        platform,
        () => getConnectUrl(platform, clientSecretId),
        (caught) => errorMessage(caught, PUBLISH_TEXT.connectFailed),
      ),
    [start],
  );
  return {
    connect,
    waiting: popup.waiting,
    error: popup.error,
    setError: popup.setError,
    clearError: popup.clearError,
  };
}
