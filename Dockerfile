# QuackQuest: a multi-stage image (docs/deploy.md). The first stage builds with the development dependencies;
# the image that runs holds the build and the runtime dependencies only, and runs as an unprivileged user.
# Build: docker build -t quackquest .   Run: see compose.yaml for the settings production insists on.

# Node 24, a maintained LTS until April 2028, pinned to a release (decision 081).
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY scripts/start.mjs scripts/start.mjs
COPY campaigns campaigns
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# exec form: node is PID 1's child of nothing, so SIGTERM from `docker stop` reaches the server and it drains.
CMD ["node", "scripts/start.mjs"]
