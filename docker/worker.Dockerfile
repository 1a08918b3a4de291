# syntax=docker/dockerfile:1
# A worker process. Build from the repository root:
#   docker build -f docker/worker.Dockerfile -t scrapper-worker .
FROM node:24-bookworm-slim AS deps
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN corepack enable
WORKDIR /app
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/worker/package.json apps/worker/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/integrations/package.json packages/integrations/
COPY tooling tooling
RUN pnpm install --frozen-lockfile --prod --filter "@scrapper/worker..."

# yt-dlp's current standalone build (it bundles Python, curl_cffi for TikTok's impersonation and
# the yt-dlp-ejs scripts), checked against the release's SHA2-256SUMS as the product's own
# updater does, and run once. It is the image's starting point: at run time the worker keeps a
# checksum-verified current copy in DATA_DIR/tools (used before this one) and updates it daily.
# YTDLP_RELEASE_URL: another download base (the nightly channel, a mirror).
FROM node:24-bookworm-slim AS ytdlp
ARG YTDLP_RELEASE_URL=https://github.com/yt-dlp/yt-dlp/releases/latest/download
ARG TARGETARCH
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /ytdlp
RUN set -eu; \
    case "${TARGETARCH:-amd64}" in \
      amd64) asset=yt-dlp_linux ;; \
      arm64) asset=yt-dlp_linux_aarch64 ;; \
      *) echo "no standalone yt-dlp build for ${TARGETARCH}" >&2; exit 1 ;; \
    esac; \
    curl -fsSL --retry 3 -o SHA2-256SUMS "${YTDLP_RELEASE_URL}/SHA2-256SUMS"; \
    curl -fsSL --retry 3 -o "${asset}" "${YTDLP_RELEASE_URL}/${asset}"; \
    grep -E "^[0-9a-f]{64}  \*?${asset}\$" SHA2-256SUMS | sed 's/  \*/  /' > expected.sha256; \
    test "$(wc -l < expected.sha256)" -eq 1 || { echo "SHA2-256SUMS has no line for ${asset}" >&2; exit 1; }; \
    sha256sum -c expected.sha256; \
    mv "${asset}" yt-dlp; chmod 0755 yt-dlp; \
    ./yt-dlp --version

FROM node:24-bookworm-slim AS runtime
# ffmpeg (and ffprobe) from Debian; yt-dlp from its release channel (Debian's is too old).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY --from=ytdlp /ytdlp/yt-dlp /usr/local/bin/yt-dlp
# DATA_DIR must stay writable by the worker: the managed yt-dlp lives in DATA_DIR/tools.
# JSON log lines on stdout for the container runtime (the readable console is npm start's).
ENV NODE_ENV=production DATA_DIR=/data LOG_FORMAT=json
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/apps/worker/node_modules apps/worker/node_modules
COPY --from=deps /app/packages packages
COPY package.json ./
COPY apps/worker apps/worker
COPY packages/contracts/src packages/contracts/src
COPY packages/db/src packages/db/src
COPY packages/db/migrations packages/db/migrations
COPY packages/integrations/src packages/integrations/src
RUN mkdir -p /data && chown node:node /data
USER node
# SIGTERM lets active jobs finish (or go back to the queue) before the process exits.
STOPSIGNAL SIGTERM
CMD ["node", "--disable-warning=ExperimentalWarning", "apps/worker/src/main.ts"]
