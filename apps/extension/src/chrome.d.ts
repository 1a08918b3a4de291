// The few chrome.* APIs the extension uses (no @types/chrome: the surface is small and the
// modules take these as interfaces, so tests pass plain objects).
import type { BrowserCookie } from '@scrapper/contracts/rules/member-cookies';

declare global {
  namespace chrome {
    namespace runtime {
      interface MessageSender {
        id?: string;
        url?: string;
        origin?: string;
        tab?: { id?: number };
      }
      const id: string;
      function getManifest(): { version: string; content_scripts?: Array<{ matches?: string[] }> };
      function sendMessage(message: unknown): Promise<unknown>;
      const onMessage: {
        addListener(
          listener: (
            message: unknown,
            sender: MessageSender,
            sendResponse: (response: unknown) => void,
          ) => boolean | void,
        ): void;
      };
      const onInstalled: { addListener(listener: () => void): void };
      const onStartup: { addListener(listener: () => void): void };
    }
    namespace storage {
      interface Area {
        get(keys: string | string[]): Promise<Record<string, unknown>>;
        set(items: Record<string, unknown>): Promise<void>;
        remove(keys: string | string[]): Promise<void>;
      }
      const local: Area;
      const onChanged: {
        addListener(listener: (changes: Record<string, unknown>, area: string) => void): void;
      };
    }
    namespace cookies {
      function getAll(details: { domain: string }): Promise<BrowserCookie[]>;
    }
    namespace alarms {
      interface Alarm {
        name: string;
      }
      function get(name: string): Promise<Alarm | undefined>;
      function create(
        name: string,
        info: { delayInMinutes?: number; periodInMinutes?: number },
      ): Promise<void>;
      const onAlarm: { addListener(listener: (alarm: Alarm) => void): void };
    }
  }
}

export {};
