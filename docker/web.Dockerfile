# syntax=docker/dockerfile:1
# The web app alone, as static files behind nginx that proxies /api to the API service
# (for deployments that put the SPA on its own host). Build from the repository root:
#   docker build -f docker/web.Dockerfile -t scrapper-web .
# docker/test copies what each COPY here copies and runs the same pnpm commands offline.
FROM node:24-bookworm-slim AS build
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true COREPACK_ENABLE_DOWNLOAD_PROMPT=0
RUN corepack enable pnpm
WORKDIR /app
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY patches patches
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/ui/package.json packages/ui/
COPY tooling tooling
RUN pnpm install --frozen-lockfile --filter "@scrapper/web..."
COPY packages/contracts packages/contracts
COPY packages/ui packages/ui
COPY apps/web apps/web
RUN pnpm --filter @scrapper/web build

FROM nginxinc/nginx-unprivileged:1.30-alpine AS runtime
# The image's entrypoint renders /etc/nginx/templates/*.template into conf.d with the
# environment (envsubst) after sourcing *.envsh: 15-scrapper-limits.envsh works out the body
# limit from UPLOAD_MAX_VIDEO_BYTES (default: the API's, 2 GiB). Set the same value on both.
ENV UPLOAD_MAX_VIDEO_BYTES=2147483648 API_UPSTREAM=api:3000
COPY docker/nginx/default.conf.template /etc/nginx/templates/default.conf.template
COPY docker/nginx/security-headers.conf /etc/nginx/security-headers.conf
COPY docker/nginx/15-scrapper-limits.envsh /docker-entrypoint.d/15-scrapper-limits.envsh
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
EXPOSE 8080
