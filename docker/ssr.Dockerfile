# The SSR process: builds the React bundle, then serves it. Build context: the repository root.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY frontend/package.json frontend/
COPY ssr/package.json ssr/
RUN npm ci --no-audit --no-fund
COPY frontend ./frontend
COPY ssr ./ssr
RUN npm run build && npm prune --omit=dev

FROM node:20-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app ./
USER node
EXPOSE 3000
CMD ["npm", "start"]
