/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** See src/config/env.ts. */
  readonly VITE_API_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
